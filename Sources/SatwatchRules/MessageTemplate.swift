/// A rule's `message`: text with `{{name}}`, `{{metric}}`, `{{value}}`, `{{threshold}}`,
/// `{{values}}`, `{{status}}` and `{{since}}` placeholders, and for a `news` rule `{{title}}` and
/// `{{link}}` (the item's), parsed once at load time.
package struct MessageTemplate: Sendable, Equatable {
    /// A placeholder a template may use.
    package enum Field: String, Sendable, CaseIterable {
        case name, metric, value, threshold, values, status, since, title, link

        /// The placeholders only a `news` rule fills.
        package static let newsFields: Set<Field> = [.title, .link]
    }

    enum Segment: Sendable, Equatable {
        case text(String)
        case field(Field)
    }

    let segments: [Segment]

    /// The problem with a template text, and its character offset within the text.
    package struct ParseError: Error, Equatable {
        /// What is wrong.
        package var message: String
        /// 0-based offset in Unicode scalars from the start of the template.
        package var offset: Int
    }

    /// Parses `text`; an unknown or unterminated placeholder is an error.
    package init(parsing text: String) throws(ParseError) {
        var segments: [Segment] = []
        var literal = ""
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == "{", index + 1 < scalars.count, scalars[index + 1] == "{" {
                var end = index + 2
                while end + 1 < scalars.count, !(scalars[end] == "}" && scalars[end + 1] == "}") { end += 1 }
                guard end + 1 < scalars.count else {
                    throw ParseError(message: "unterminated placeholder: missing \"}}\"", offset: index)
                }
                var nameView = String.UnicodeScalarView()
                nameView.append(contentsOf: scalars[(index + 2)..<end])
                let name = String(nameView).trimmingSpaces()
                guard let field = Field(rawValue: name) else {
                    let known = Field.allCases.map { "{{\($0.rawValue)}}" }.joined(separator: ", ")
                    throw ParseError(message: "unknown placeholder {{\(name)}} (known: \(known))", offset: index)
                }
                if !literal.isEmpty { segments.append(.text(literal)); literal = "" }
                segments.append(.field(field))
                index = end + 2
            } else {
                literal.unicodeScalars.append(scalars[index])
                index += 1
            }
        }
        if !literal.isEmpty { segments.append(.text(literal)) }
        self.segments = segments
    }

    /// The placeholders the template uses.
    package var fields: Set<Field> {
        Set(segments.compactMap { if case .field(let field) = $0 { field } else { nil } })
    }

    /// The placeholders that say how the condition stands: a template using one of them
    /// describes the firing (`above {{threshold}}`), so it is not reused for the resolve.
    package static let conditionFields: Set<Field> = [.value, .threshold, .values]

    /// Whether the template reads as the firing when its alert resolves: it uses `{{value}}`,
    /// `{{threshold}}` or `{{values}}`, and not `{{status}}` (which a template written for both
    /// states uses to say which: `fee {{value}} ({{status}})`).
    package var describesFiring: Bool { !fields.isDisjoint(with: Self.conditionFields) && !fields.contains(.status) }

    /// The text with every placeholder replaced by `value(field)`.
    package func render(_ value: (Field) -> String) -> String {
        var output = ""
        for segment in segments {
            switch segment {
            case .text(let text): output += text
            case .field(let field): output += value(field)
            }
        }
        return output
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" { view = view.dropFirst() }
        while let last = view.last, last == " " || last == "\t" { view = view.dropLast() }
        return String(view)
    }
}
