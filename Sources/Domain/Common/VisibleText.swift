/// The code points a name or an email address may not hold, because they show nothing or
/// reorder what is shown: `bob\u{200B}@example.com` must not be a second Bob, and a name must
/// not turn itself around (`\u{202E}`) when another user is shown it.
///
/// Works on Unicode scalars with the Unicode Character Database's own properties
/// (`Default_Ignorable_Code_Point`, `Bidi_Control`, the general category), not on a list that
/// would age.
public enum VisibleText {
    /// True when `email` holds no code point that hides or reorders text: no control (C0, C1),
    /// no format character (`Cf`: U+200B, U+FEFF, U+00AD, tags…), no bidirectional control, no
    /// default-ignorable one (variation selectors, Hangul fillers…), no line or paragraph
    /// separator, no private-use or unassigned code point, and no U+2800 (a blank that is not
    /// whitespace). An address identifies a user, so nothing invisible is let through, even in
    /// context.
    public static func isVisibleEmail(_ email: String) -> Bool {
        !email.unicodeScalars.contains { hides($0) || isOpaque($0) }
    }

    /// True when `name` holds no code point that hides or reorders text, as `isVisibleEmail`
    /// says, with what writing needs: a zero-width joiner or non-joiner between two characters
    /// other than ASCII (Persian, Indic scripts, emoji sequences like 👨‍👩‍👧) and a variation
    /// selector after such a character (❤️). Private-use and unassigned code points show as
    /// something (a newer emoji than this server's tables knows, say), so a name may hold them.
    public static func isVisibleName(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where hides(scalar) {
            let before = index > 0 ? scalars[index - 1] : nil
            let after = index + 1 < scalars.count ? scalars[index + 1] : nil
            if isJoiner(scalar), let before, let after, carriesJoin(before), carriesJoin(after) { continue }
            if isVariationSelector(scalar), let before, isVisibleBeyondASCII(before) { continue }
            return false
        }
        return true
    }

    /// Controls, format characters, bidirectional controls, default-ignorables, line and
    /// paragraph separators, and the braille blank.
    static func hides(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII hides only its controls (it has no format, bidirectional or default-ignorable
        // code point); nearly every address and name is ASCII, and the lookups below cost a
        // contact create about 40,000 instructions.
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate: return true
        default: break
        }
        return properties.isBidiControl || properties.isDefaultIgnorableCodePoint || scalar.value == 0x2800
    }

    /// Code points whose look nobody can know: private use, unassigned.
    static func isOpaque(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return false }  // every ASCII code point is assigned, none private
        return switch scalar.properties.generalCategory {
        case .privateUse, .unassigned: true
        default: false
        }
    }

    /// U+200C ZERO WIDTH NON-JOINER and U+200D ZERO WIDTH JOINER.
    static func isJoiner(_ scalar: Unicode.Scalar) -> Bool { scalar.value == 0x200C || scalar.value == 0x200D }

    /// U+FE00–U+FE0F, U+E0100–U+E01EF, and the Mongolian free variation selectors (U+180B–U+180D,
    /// U+180F; not U+180E, the vowel separator).
    static func isVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x180B...0x180D, 0x180F: true
        default: false
        }
    }

    /// A character a joiner may stand beside: visible and not ASCII, so `b\u{200C}ob` is refused
    /// while a joiner between two letters of a script that needs it, or two emoji, is not. A
    /// variation selector counts as the character it dresses (❤️‍🔥).
    static func carriesJoin(_ scalar: Unicode.Scalar) -> Bool {
        isVariationSelector(scalar) || isVisibleBeyondASCII(scalar)
    }

    /// Neither ASCII, nor hidden, nor whitespace: what a variation selector may follow.
    static func isVisibleBeyondASCII(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x7F && !hides(scalar) && !scalar.properties.isWhitespace
    }
}
