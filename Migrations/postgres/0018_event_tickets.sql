-- Live events: the short-lived, single-use tickets a browser opens its stream with
-- (`POST /v1/events/tickets`, `GET /v1/events?ticket=`). EventSource cannot send an
-- Authorization header, and a session token in a URL would land in proxies' logs; a ticket in a
-- URL is worthless once used or a minute later.
--   digest       SHA-256 of the ticket, lowercase hex: the ticket itself is never stored
--   session_key  the session that asked: its refresh family's digest, or its token digest for a
--                session without refresh; the stream ends with that session
--   language     the language of the request that asked (en, fr): a browser's EventSource
--                sends its own Accept-Language, not the one the app was switched to
--   expires_at   milliseconds; a ticket is deleted when used, and by the purge once expired
CREATE TABLE event_tickets (
    digest      TEXT PRIMARY KEY NOT NULL,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    session_key TEXT NOT NULL,
    language    TEXT NOT NULL,
    expires_at  BIGINT NOT NULL
);

CREATE INDEX event_tickets_session ON event_tickets (session_key, expires_at);
CREATE INDEX event_tickets_expires ON event_tickets (expires_at);
