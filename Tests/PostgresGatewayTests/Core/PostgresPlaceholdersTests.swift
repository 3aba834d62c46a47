@testable import PostgresGateway
import Testing

@Suite("PostgresPlaceholders")
struct PostgresPlaceholdersTests {
    @Test("?N becomes $N outside quotes, quoted names and comments; other question marks stay")
    func rewrites() {
        #expect(PostgresPlaceholders.rewrite("SELECT a FROM t WHERE b = ?1 AND c = ?12") == "SELECT a FROM t WHERE b = $1 AND c = $12")
        #expect(PostgresPlaceholders.rewrite("SELECT '?1', \"?2\" FROM t WHERE x = ?3") == "SELECT '?1', \"?2\" FROM t WHERE x = $3")
        #expect(PostgresPlaceholders.rewrite("SELECT 1 -- ?1 in a comment\nWHERE y = ?2") == "SELECT 1 -- ?1 in a comment\nWHERE y = $2")
        #expect(PostgresPlaceholders.rewrite("SELECT data ? 'key' FROM t WHERE id = $1") == "SELECT data ? 'key' FROM t WHERE id = $1")
        #expect(PostgresPlaceholders.rewrite("SELECT 'it''s ?1' WHERE z = ?4") == "SELECT 'it''s ?1' WHERE z = $4")
    }
}
