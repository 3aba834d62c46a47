import ViperdClient

extension Journey {
    /// The address book: create (unicode), page, search, conditional GET and PATCH, the 412,
    /// the 422 in two languages, delete.
    func contacts() async throws {
        let people: [(first: String, last: String, phone: String)] = [
            ("Zoë", "Ñúñez-李", "+1 416 555 0101"), ("Charlie", "Brown", "+1 416 555 0102"),
            ("Lucy", "van Pelt", "+1 416 555 0103"),
        ]
        for person in people {
            try await step("create contact \(person.first) \(person.last)") {
                let output = try await client.createContact(
                    body: .json(.init(
                        firstName: person.first, lastName: person.last,
                        email: "\(person.first.lowercased())@example.com", phone: person.phone, birthday: "1950-10-02",
                        address: .init(street: "1 Rue Saint-Denis", city: "Montréal", province: "QC", country: "Canada"))))
                let created = try expect("201", output) { try $0.created }
                let contact = try created.body.json
                try check(contact.firstName == person.first && contact.lastName == person.last,
                          "stored as \(contact.firstName ?? "nil") \(contact.lastName ?? "nil")")
                contactIDs.append(contact.id)
                return "201 \(contact.contactName), Location \(created.headers.location)"
            }
        }
        try await step("list contacts, two per page") {
            let first = try expect("200", try await client.listContacts(query: .init(limit: 2))) { try $0.ok.body.json }
            try check(first.items.count == 2, "first page has \(first.items.count) items")
            guard let cursor = first.nextCursor else { throw JourneyFailure("no nextCursor after a full first page") }
            let second = try expect("200", try await client.listContacts(query: .init(limit: 2, cursor: cursor))) {
                try $0.ok.body.json
            }
            try check(second.items.count == 1 && second.nextCursor == nil,
                      "second page has \(second.items.count) items, nextCursor \(second.nextCursor ?? "nil")")
            let names = (first.items + second.items).map(\.contactName)
            try check(Set((first.items + second.items).map(\.id)) == Set(contactIDs), "pages hold \(names)")
            return "200 \(names.joined(separator: " | "))"
        }
        try await step("search contacts for \"zoë\"") {
            let found = try expect("200", try await client.listContacts(query: .init(q: "zoë"))) { try $0.ok.body.json }
            try check(found.items.map(\.id) == [contactIDs[0]], "found \(found.items.map(\.contactName))")
            return "200 \(found.items.map(\.contactName))"
        }
        let id = contactIDs[0]
        var etag = ""
        try await step("show contact with its ETag") {
            let ok = try expect("200", try await client.getContact(path: .init(id: id))) { try $0.ok }
            etag = ok.headers.eTag
            let contact = try ok.body.json
            try check(contact.address.city == "Montréal", "city \(contact.address.city ?? "nil")")
            return "200 \(contact.contactName), ETag \(etag)"
        }
        try await step("show contact If-None-Match its ETag → 304") {
            let output = try await client.getContact(path: .init(id: id), headers: .init(ifNoneMatch: etag))
            let notModified = try expect("304", output) { try $0.notModified }
            return "304, ETag \(notModified.headers.eTag)"
        }
        try await step("PATCH contact with If-Match") {
            let output = try await client.updateContact(
                path: .init(id: id), headers: .init(ifMatch: etag), body: .json(.init(phone: "+1 514 555 0199")))
            let ok = try expect("200", output) { try $0.ok }
            let contact = try ok.body.json
            try check(contact.phone == "+1 514 555 0199", "phone \(contact.phone ?? "nil")")
            try check(ok.headers.eTag != etag, "ETag unchanged (\(etag))")
            return "200 phone \(contact.phone ?? "nil"), ETag \(etag) → \(ok.headers.eTag)"
        }
        try await step("PATCH contact with a stale If-Match → 412") {
            let output = try await client.updateContact(
                path: .init(id: id), headers: .init(ifMatch: etag), body: .json(.init(phone: "+1 514 555 0000")))
            let problem = try expect("412", output) { try $0.preconditionFailed.body.applicationProblemJson }
            return "412 \(problem.code)"
        }
        var englishDetail = ""
        try await step("create contact without a name → 422 with field errors") {
            let output = try await client.createContact(body: .json(.init(email: "nameless@example.com")))
            let problem = try expect("422", output) { try $0.unprocessableContent.body.applicationProblemJson }
            let pointers = (problem.errors ?? []).compactMap(\.pointer)
            try check(Set(pointers) == ["/firstName", "/lastName"], "errors at \(pointers)")
            englishDetail = problem.detail
            return "422 \(problem.code) at \(pointers.joined(separator: ", ")): \(problem.detail)"
        }
        try await step("the same 422 with Accept-Language: fr") {
            let output = try await client.createContact(
                headers: .init(acceptLanguage: "fr"), body: .json(.init(email: "nameless@example.com")))
            let problem = try expect("422", output) { try $0.unprocessableContent.body.applicationProblemJson }
            try check(problem.detail != englishDetail, "detail not translated: \(problem.detail)")
            return "422 \(problem.detail)"
        }
        let doomed = contactIDs.removeLast()
        try await step("delete contact") {
            _ = try expect("204", try await client.deleteContact(path: .init(id: doomed))) { try $0.noContent }
            return "204"
        }
        try await step("show deleted contact → 404") {
            let problem = try expect("404", try await client.getContact(path: .init(id: doomed))) {
                try $0.notFound.body.applicationProblemJson
            }
            return "404 \(problem.code)"
        }
    }
}
