import Testing

@testable import TipsCompiler
@testable import TipsSyntax

@Suite struct LexerTokenTests {
    @Test func namesAndKeywordsAreIdentifiers() {
        let lexed = lexSnippet("tip title _x café x2 rule")
        #expect(lexed.kinds == Array(repeating: .identifier, count: 6))
        #expect(lexed.texts == ["tip", "title", "_x", "café", "x2", "rule"])
        #expect(lexed.diagnostics.isEmpty)
    }

    /// A merge conflict left in a file is one error however the rest reads:
    /// the first side is what the file declares, so a rule that reads its
    /// names checks, and nothing of the skipped sides is declared twice.
    @Test func aMergeConflictIsOneErrorAndItsFirstSideIsRead() {
        let text = """
            parameter a: Int = 1
            <<<<<<< HEAD
            parameter b: Int = 2
            =======
            parameter b: Int = 3
            parameter c: Int = 3
            >>>>>>> feature
            tip T {
                title "T"
                rule a + b > 1
            }

            """
        for text in [text, text.replacingOccurrences(of: "\n", with: "\r\n")] {
            let result = Compilation(
                inputs: [CompilationInput(path: "a.tips", text: text)], options: CompilationOptions(emitsCode: false)
            ).run()
            let messages = result.diagnostics.map { $0.message.prefix(40) }
            #expect(messages == ["an unresolved merge conflict ('<<<<<<<')"])
            // The other side is not read: `c` is not declared.
            let other = Compilation(
                inputs: [CompilationInput(path: "a.tips", text: text.replacingOccurrences(of: "a + b", with: "c"))],
                options: CompilationOptions(emitsCode: false)
            ).run()
            #expect(other.diagnostics.contains { $0.message.hasPrefix("unknown name 'c'") })
        }
    }

    /// An operator as autocorrect, a document or full-width input writes
    /// it is one error whose fix-it is its ASCII spelling, then read as that
    /// operator: the rule around it parses as if it were fixed.
    @Test func typographicOperatorsAreReadAsTheOperatorsTheyStandFor() {
        let lexed = lexSnippet("n – 1 ≥ 2 ∧ （b ≠ c）")
        #expect(
            lexed.kinds == [
                .identifier, .minus, .integer, .binaryOperator(.greaterOrEqual), .integer, .binaryOperator(.and),
                .leftParen, .identifier, .binaryOperator(.notEqual), .identifier, .rightParen,
            ])
        #expect(
            lexed.diagnostics.map(\.message) == [
                "'–' is an en dash; .tips writes '-'", "'≥' is a greater-than-or-equal sign; .tips writes '>='",
                "'∧' is a logical-and sign; .tips writes '&&'", "'（' is a full-width form; .tips writes '('",
                "'≠' is a not-equal sign; .tips writes '!='", "'）' is a full-width form; .tips writes ')'",
            ])
        #expect(
            lexed.diagnostics.map { $0.fixIts.map(\.replacement) } == [["-"], [">="], ["&&"], ["("], ["!="], [")"]])
        // Full-width digits are no punctuation: still an unexpected character.
        #expect(lexSnippet("\u{FF11}").diagnostics.map(\.message) == ["unexpected character '\u{FF11}'"])
    }

    @Test func integersDropUnderscores() {
        let lexed = lexSnippet("42 1_000 0")
        #expect(lexed.kinds == [.integer, .integer, .integer])
        #expect(lexed.tokens.prefix(3).map(\.value) == [.integer(42), .integer(1000), .integer(0)])
    }

    @Test func decimals() {
        let lexed = lexSnippet("2.5 1_000.25")
        #expect(lexed.kinds == [.decimal, .decimal])
        #expect(lexed.tokens.prefix(2).map(\.value) == [.decimal(2.5), .decimal(1000.25)])
    }

    @Test func anIntegerFollowedByADotAndANameIsAMemberAccess() {
        #expect(lexSnippet("5.count").kinds == [.integer, .dot, .identifier])
    }

    @Test func durationsInEveryUnit() {
        let lexed = lexSnippet("30s 5m 12h 3d 2w 1_000s")
        #expect(lexed.kinds == Array(repeating: .duration, count: 6))
        #expect(
            lexed.tokens.prefix(6).map(\.value) == [
                .duration(30, .seconds), .duration(5, .minutes), .duration(12, .hours), .duration(3, .days),
                .duration(2, .weeks), .duration(1000, .seconds),
            ])
        #expect(lexed.diagnostics.isEmpty)
    }

    @Test func stringEscapesAreDecoded() {
        let lexed = lexSnippet(#""a\"b\\c\nd\te\u{1F426}""#)
        #expect(lexed.kinds == [.string])
        #expect(lexed.strings == [[.text("a\"b\\c\nd\te🐦")]])
        #expect(lexed.diagnostics.isEmpty)
    }

    @Test func interpolationsAreSplitOutWithTheirRanges() throws {
        let lexed = lexSnippet(#""Id-\(trailID) in \(region)""#)
        #expect(lexed.kinds == [.string])
        let segments = try #require(lexed.strings.first)
        #expect(segments.count == 4)
        guard case .interpolation(let name) = segments[1] else {
            Issue.record("segment 1 is not an interpolation")
            return
        }
        #expect(name.name == "trailID")
        #expect(lexed.file.text(in: name.range) == "trailID")
        #expect(segments[0] == .text("Id-"))
        #expect(segments[2] == .text(" in "))
    }

    @Test func emptyStringHasNoSegments() {
        let lexed = lexSnippet(#""""#)
        #expect(lexed.kinds == [.string])
        #expect(lexed.strings == [[]])
    }

    @Test func punctuationAndOperators() {
        let lexed = lexSnippet("{ } ( ) , : ; . = ! - + * / < <= > >= == != && ||")
        #expect(
            lexed.kinds == [
                .leftBrace, .rightBrace, .leftParen, .rightParen, .comma, .colon, .semicolon, .dot, .assign, .bang,
                .minus, .binaryOperator(.add), .binaryOperator(.multiply), .binaryOperator(.divide),
                .binaryOperator(.less), .binaryOperator(.lessOrEqual), .binaryOperator(.greater),
                .binaryOperator(.greaterOrEqual), .binaryOperator(.equal), .binaryOperator(.notEqual),
                .binaryOperator(.and), .binaryOperator(.or),
            ])
        #expect(lexed.diagnostics.isEmpty)
    }

    @Test func docCommentsAreTokensButOtherCommentsAreNot() {
        let lexed = lexSnippet("/// Doc.\n// plain\n//// not a doc\n/* block /* nested */ still */ x")
        // No separator before the first token: doc comments do not count as items.
        #expect(lexed.kinds == [.docComment, .identifier])
        #expect(lexed.texts[0] == "/// Doc.")
    }

    @Test func tokenRangesAreByteOffsets() {
        let lexed = lexSnippet("é tip")
        #expect(lexed.tokens[0].range.start == 0)
        #expect(lexed.tokens[0].range.end == 2)
        #expect(lexed.tokens[1].range.start == 3)
        #expect(lexed.tokens.last?.kind == .endOfFile)
        #expect(lexed.tokens.last?.range.start == 6)
    }

    @Test func emptyInputIsJustEndOfFile() {
        let lexed = lexSnippet("")
        #expect(lexed.tokens.map(\.kind) == [.endOfFile])
    }
}

@Suite struct LexerNewlineTests {
    @Test func aLineBreakSeparatesItemsAndRunsCollapse() {
        #expect(lexSnippet("a\n\n\nb").kinds == [.identifier, .newline, .identifier])
    }

    @Test func noSeparatorAtTheStartOrEndOfTheFile() {
        #expect(lexSnippet("\n\na\n\n").kinds == [.identifier])
    }

    @Test func aLineContinuesInsideParentheses() {
        #expect(
            lexSnippet("f(a,\n b)").kinds == [.identifier, .leftParen, .identifier, .comma, .identifier, .rightParen])
    }

    @Test func aLineContinuesAfterAnInfixOperator() {
        #expect(lexSnippet("a &&\nb").kinds == [.identifier, .binaryOperator(.and), .identifier])
        #expect(lexSnippet("a -\nb").kinds == [.identifier, .minus, .identifier])
    }

    @Test func aLineContinuesWhenTheNextStartsWithADotOrAnInfixOperator() {
        #expect(lexSnippet("a\n  .count").kinds == [.identifier, .dot, .identifier])
        #expect(lexSnippet("a\n  || b").kinds == [.identifier, .binaryOperator(.or), .identifier])
        #expect(lexSnippet("a\n  < b").kinds == [.identifier, .binaryOperator(.less), .identifier])
    }

    @Test func aLineStartingWithMinusOrBangStartsANewItem() {
        #expect(lexSnippet("a\n- b").kinds == [.identifier, .newline, .minus, .identifier])
        #expect(lexSnippet("a\n!b").kinds == [.identifier, .newline, .bang, .identifier])
    }

    @Test func aBlockCommentSpanningLinesSeparatesItems() {
        #expect(lexSnippet("a /* x\n y */ b").kinds == [.identifier, .newline, .identifier])
        #expect(lexSnippet("a /* x */ b").kinds == [.identifier, .identifier])
    }

    @Test func aBraceResetsAnUnclosedParenthesis() {
        #expect(lexSnippet("(a\n}\nb").kinds == [.leftParen, .identifier, .rightBrace, .newline, .identifier])
    }

    @Test func aCommentAtTheEndOfALineStillEndsTheItem() {
        #expect(lexSnippet("a // note\nb").kinds == [.identifier, .newline, .identifier])
    }
}

@Suite struct LexerErrorTests {
    @Test func invalidUTF8IsReportedAtItsByte() {
        let lexed = lexSnippet(bytes: Array("a ".utf8) + [0xFF] + Array(" b".utf8))
        #expect(lexed.messages == ["1:3: invalid UTF-8 byte 0xFF"])
        #expect(lexed.kinds == [.identifier, .unknown, .identifier])
    }

    @Test func invalidUTF8InsideStringsAndCommentsIsReported() {
        let lexed = lexSnippet(bytes: Array("\"a".utf8) + [0xC3, 0x28] + Array("\" // ".utf8) + [0xE2, 0x82])
        #expect(
            lexed.messages == [
                "1:3: invalid UTF-8 byte 0xC3", "1:10: invalid UTF-8 byte 0xE2", "1:11: invalid UTF-8 byte 0x82",
            ])
    }

    @Test func overlongEncodingsAndSurrogatesAreInvalid() {
        #expect(lexSnippet(bytes: [0xC0, 0x80]).diagnostics.count == 2)
        #expect(lexSnippet(bytes: [0xED, 0xA0, 0x80]).diagnostics.count == 3)
    }

    @Test func unexpectedCharacterIsReportedAndLexingContinues() {
        let lexed = lexSnippet("a @ b § c")
        #expect(lexed.messages == ["1:3: unexpected character '@'", "1:7: unexpected character '§'"])
        #expect(lexed.kinds == [.identifier, .unknown, .identifier, .unknown, .identifier])
        #expect(lexed.tokens[1].isMalformed)
    }

    @Test func singleAmpersandAndBarSuggestTheDoubledOperator() {
        #expect(lexSnippet("a & b").messages == ["1:3: unexpected character '&'; did you mean '&&'?"])
        #expect(lexSnippet("a | b").messages == ["1:3: unexpected character '|'; did you mean '||'?"])
    }

    @Test func singleQuotedStringIsReportedOnceAndReadAsAString() {
        let lexed = lexSnippet("title 'Hi'")
        #expect(lexed.messages == ["1:7: strings use double quotes: \"Hi\""])
        #expect(lexed.kinds == [.identifier, .string])
        #expect(lexed.strings == [[.text("Hi")]])
    }

    @Test func curlyQuotedStringsAreReportedOnceAndReadAsStraight() {
        let message = "use straight quotes \"...\" around a string, not curly quotes"
        let double = lexSnippet("title \u{201C}Hi \\(name)\u{201D} x")
        #expect(double.messages == ["1:7: \(message)"])
        #expect(double.kinds == [.identifier, .string, .identifier])
        let segments = double.strings.first ?? []
        #expect(segments.count == 2)
        #expect(segments.first == .text("Hi "))
        #expect(double.tokens[1].isMalformed == false)
        let single = lexSnippet("title \u{2018}It\u{2019}")
        #expect(single.messages == ["1:7: \(message)"])
        #expect(single.kinds == [.identifier, .string])
        #expect(single.strings == [[.text("It")]])
        let pastedEnd = lexSnippet("title \"Hi\u{201D} rule")
        #expect(pastedEnd.messages == ["1:7: this string ends with a curly quote; \(message)"])
        #expect(pastedEnd.strings == [[.text("Hi")]])
        #expect(pastedEnd.kinds == [.identifier, .string, .identifier])
    }

    @Test func badEscapeIsReportedAtTheBackslash() {
        let lexed = lexSnippet(#""ab\qc""#)
        #expect(
            lexed.messages == [
                #"1:4: invalid escape sequence '\q' in string; use \", \\, \n, \t, \u{...} or \(name)"#
            ])
        #expect(lexed.kinds == [.string])
        #expect(lexed.strings == [[.text("abc")]])
    }

    @Test func badUnicodeEscapes() {
        #expect(lexSnippet(#""\u{D800}""#).messages == [#"1:2: '\u{D800}' is not a valid Unicode scalar"#])
        #expect(
            lexSnippet(#""\u{123456789}""#).messages == [
                #"1:2: a Unicode escape takes 1 to 8 hexadecimal digits, as in \u{1F426}"#
            ])
        #expect(
            lexSnippet(#""\u41""#).messages == [#"1:2: expected '{' after '\u'; write a Unicode escape as \u{1F426}"#])
    }

    @Test func unterminatedStringIsReportedAtTheOpeningQuote() {
        let lexed = lexSnippet("x \"abc\ny")
        #expect(lexed.messages == ["1:3: unterminated string; add a closing '\"'"])
        #expect(lexed.kinds == [.identifier, .string, .newline, .identifier])
        #expect(lexSnippet("\"abc").messages == ["1:1: unterminated string; add a closing '\"'"])
    }

    @Test func interpolatingAnythingButANameIsAnError() {
        #expect(lexSnippet(#""\(a + b)""#).messages == [#"1:2: only a name can be interpolated, as in \(name)"#])
        #expect(lexSnippet(#""\(a""#).messages.first == #"1:2: expected ')' to end the interpolation, as in \(name)"#)
    }

    @Test func unterminatedBlockCommentIsReportedAtItsStart() {
        let lexed = lexSnippet("a\n  /* x /* y */ z")
        #expect(lexed.messages == ["2:3: unterminated block comment; add '*/' to close it"])
        #expect(lexed.kinds == [.identifier])
    }

    @Test func integerOverflowIsReported() {
        let lexed = lexSnippet("99999999999999999999 9223372036854775807")
        #expect(
            lexed.messages == [
                "1:1: integer literal '99999999999999999999' is too large; the largest is 9223372036854775807"
            ])
        #expect(lexed.tokens[0].isMalformed)
        #expect(lexed.tokens[1].value == .integer(Int.max))
    }

    @Test func unknownDurationUnits() {
        #expect(lexSnippet("5x").messages == ["1:2: unknown duration unit 'x'; use s, m, h, d or w"])
        #expect(
            lexSnippet("3mo").messages == [
                "1:2: unknown duration unit 'mo'; use s, m, h, d or w (months vary in length; use days or weeks)"
            ])
        #expect(lexSnippet("5x").tokens[0].isMalformed)
        #expect(lexSnippet("5x").kinds == [.duration])
    }

    @Test func decimalDurationsAreRejected() {
        #expect(
            lexSnippet("1.5h").messages == [
                "1:1: a duration takes a whole number; use a smaller unit, such as 90m for 1.5h"
            ])
    }

    @Test func controlCharactersAreNamed() {
        #expect(lexSnippet("a \u{7} b").messages == ["1:3: unexpected control character U+0007"])
    }
}

@Suite struct LexerKeywordTests {
    @Test func identifiersThatSpellAKeywordAreMarked() {
        let lexed = lexSnippet("title titles tip _tip rule maxDisplayCount true")
        #expect(lexed.tokens.dropLast().map(\.keyword) == [.title, nil, .tip, nil, .rule, .maxDisplayCount, .true])
    }

    @Test func everyKeywordIsRecognised() {
        for keyword in Keyword.allCases {
            #expect(lexSnippet(keyword.rawValue).tokens.first?.keyword == keyword)
        }
    }

    /// Keywords are compared eight bytes at a time: one letter in the other
    /// case, in any of a keyword's words, and at the end of the file or not,
    /// makes a name that is no keyword.
    @Test func aKeywordWithOneLetterChangedIsNotMarked() {
        for keyword in Keyword.allCases {
            let bytes = Array(keyword.rawValue.utf8)
            for place in bytes.indices where (0x61...0x7A).contains(bytes[place]) {
                var changed = bytes
                changed[place] -= 0x20
                let name = String(decoding: changed, as: UTF8.self)
                for snippet in [name, name + " x", "x " + name] {
                    let marked = lexSnippet(snippet).tokens.compactMap(\.keyword)
                    #expect(marked.isEmpty, "\(snippet.debugDescription)")
                }
            }
            #expect(lexSnippet("x " + keyword.rawValue).tokens.dropFirst().first?.keyword == keyword)
        }
    }

    /// Keywords are looked up by length and the low bits of the first byte,
    /// which `T` and `t` share: the first byte is compared too.
    @Test func aKeywordInOtherCaseIsNotMarked() {
        let lexed = lexSnippet("True Tip tIp Rule EVENT")
        #expect(lexed.tokens.dropLast().map(\.keyword) == [nil, nil, nil, nil, nil])
    }
}
