import Testing

@testable import Canvas

/// `DisplayText`'s rules, one case each: what a title from a user's file turns into on the screen.
@Suite("Display text: units and widths as the terminal draws them")
struct DisplayTextTests {
  /// The units' texts, for comparing a cut with a picture of it.
  func units(_ string: String) -> [String] { DisplayText(string).units.map(\.text) }
  func widths(_ string: String) -> [Int] { DisplayText(string).units.map(\.width) }

  @Test("ASCII: one unit of width 1 per character")
  func ascii() {
    #expect(units("Blue 42!") == ["B", "l", "u", "e", " ", "4", "2", "!"])
    #expect(DisplayText("Blue 42!").width == 8)
    #expect(DisplayText("").units.isEmpty)
  }

  @Test("the bytes of a file name that are not UTF-8 (U+10FF80...U+10FFFF) are shown as \\xNN")
  func bytesOfAFileName() {
    let text = DisplayText("l\u{10FFE9}.txt")
    #expect(text.description == "l\\xe9.txt")
    #expect(text.width == 9)
    #expect(DisplayText("\u{10FF80}\u{10FFFF}").description == "\\x80\\xff")
  }

  @Test("CJK ideographs and kana are 2 cells; half-width katakana 1")
  func cjkAndKana() {
    #expect(widths("日本語") == [2, 2, 2])
    #expect(DisplayText("カタカナ").width == 8)
    #expect(DisplayText("ひらがな").width == 8)
    #expect(widths("ｶﾀｶﾅ") == [1, 1, 1, 1])
    #expect(DisplayText("東京 Tokyo").width == 10)
  }

  @Test("Hangul: syllables are 2 cells; conjoining jamo join their leading consonant in one unit")
  func hangul() {
    #expect(widths("한국") == [2, 2])
    // 한 decomposed: HIEUH (leading, 2 cells) + A (medial, 0) + NIEUN (final, 0).
    let decomposed = "\u{1112}\u{1161}\u{11AB}"
    #expect(units(decomposed) == [decomposed])
    #expect(DisplayText(decomposed).width == 2)
  }

  @Test("combining marks join the character before them: e + U+0301 is one unit of 1 cell")
  func combiningMarks() {
    #expect(units("Cafe\u{301}!") == ["C", "a", "f", "e\u{301}", "!"])
    #expect(DisplayText("Cafe\u{301}").width == 4)
    #expect(units("a\u{323}\u{302}") == ["a\u{323}\u{302}"])
  }

  @Test("at most four zero-width scalars per unit; more are dropped")
  func markLimit() {
    let marks = "\u{300}\u{301}\u{302}\u{303}\u{304}\u{305}"
    #expect(units("a" + marks + "b") == ["a\u{300}\u{301}\u{302}\u{303}", "b"])
  }

  @Test("at most 15 UTF-8 bytes per unit: 4-byte marks stop at three")
  func byteLimit() {
    let tremolo = "\u{1D167}"  // MUSICAL SYMBOL COMBINING TREMOLO-1: a 4-byte mark
    let unit = DisplayText("x" + String(repeating: tremolo, count: 4)).units
    #expect(unit.count == 1)
    #expect(unit[0].text == "x" + String(repeating: tremolo, count: 3))
    #expect(unit[0].text.utf8.count == 13)
  }

  @Test("a zero-width mark with nothing before it attaches to a dotted circle")
  func leadingMark() {
    #expect(units("\u{301}x") == ["\u{25CC}\u{301}", "x"])
    #expect(DisplayText("\u{301}x").width == 2)
    // Also after something dropped: the mark still has no unit before it.
    #expect(units("\u{FE0F}\u{308}") == ["\u{25CC}\u{308}"])
  }

  @Test("emoji are 2 cells; VS16 is dropped, so a text-default symbol stays 1 cell")
  func emojiAndVariationSelector() {
    #expect(widths("😀🎄") == [2, 2])
    #expect(units("❤️") == ["❤"])
    #expect(DisplayText("❤️").width == 1)
    #expect(units("☔️") == ["☔"])  // wide with or without VS16
    #expect(DisplayText("☔️").width == 2)
    // Keycap: "1" + VS16 + COMBINING ENCLOSING KEYCAP: VS16 dropped, the keycap joins the digit.
    #expect(units("1\u{FE0F}\u{20E3}") == ["1\u{20E3}"])
  }

  @Test("ZWJ is dropped: a ZWJ sequence is drawn as its parts")
  func zwjSequences() {
    #expect(units("👩‍💻") == ["👩", "💻"])
    #expect(DisplayText("👩‍💻").width == 4)
    #expect(units("👨‍👩‍👧") == ["👨", "👩", "👧"])
    #expect(DisplayText("👨‍👩‍👧").width == 6)
  }

  @Test("skin-tone modifiers are wide units of their own, as wcwidth says")
  func skinTone() {
    #expect(units("👍🏽") == ["👍", "🏽"])
    #expect(DisplayText("👍🏽").width == 4)
  }

  @Test("regional-indicator flags are two units of 1 cell")
  func flags() {
    #expect(units("🇺🇸") == ["🇺", "🇸"])
    #expect(DisplayText("🇺🇸").width == 2)
  }

  @Test("subdivision flags lose their tag characters (format characters) and keep the black flag")
  func tagSequence() {
    let england = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"
    #expect(units(england) == ["\u{1F3F4}"])
    #expect(DisplayText(england).width == 2)
  }

  @Test("C0 controls become Control Pictures: tab ␉, newline ␊, NUL ␀, ESC ␛; DEL becomes ␡")
  func controlPictures() {
    #expect(DisplayText("a\tb\nc\r").description == "a␉b␊c␍")
    #expect(DisplayText("\u{0}").description == "␀")
    #expect(DisplayText("\u{1B}").description == "␛")
    #expect(DisplayText("\u{1F}").description == "␟")
    #expect(DisplayText("x\u{7F}").description == "x␡")
    #expect(DisplayText("\t\n\u{1B}\u{7F}").width == 4)
  }

  @Test("an escape sequence is shown, never stored: ESC[31m becomes ␛[31m")
  func escapeSequences() {
    #expect(DisplayText("\u{1B}[31mred\u{1B}[0m").description == "␛[31mred␛[0m")
    #expect(DisplayText("\u{1B}]0;title\u{7}").description == "␛]0;title␇")
    #expect(!DisplayText("\u{1B}[2J\u{1B}[H").units.contains { $0.text.unicodeScalars.contains { $0.value < 0x20 } })
  }

  @Test("C1 controls and other unprintable scalars become U+FFFD")
  func unprintable() {
    #expect(DisplayText("a\u{9B}31m").description == "a\u{FFFD}31m")  // CSI as one C1 character
    #expect(DisplayText("\u{85}").description == "\u{FFFD}")  // NEL
    #expect(DisplayText("\u{2028}\u{2029}").description == "\u{FFFD}\u{FFFD}")  // line/paragraph separators
    #expect(DisplayText("\u{378}\u{FFFF}").description == "\u{FFFD}\u{FFFD}")  // unassigned, noncharacter
    #expect(DisplayText("\u{9B}\u{378}").width == 2)
  }

  @Test("zero-width format characters are dropped: ZWSP, bidi overrides, BOM")
  func formatCharacters() {
    #expect(units("a\u{200B}b") == ["a", "b"])
    #expect(DisplayText("\u{202E}evil\u{202C}").description == "evil")
    #expect(DisplayText("\u{FEFF}x").description == "x")
    #expect(DisplayText("\u{2066}x\u{2069}").description == "x")
  }

  @Test("width(of:) agrees with the units for every kind of text, without cutting them")
  func widthOfString() {
    let samples = [
      "", "plain", "日本語", "Cafe\u{301}", "👩‍💻", "❤️", "🇺🇸", "\u{1B}[31m", "\u{301}", "한\u{1161}", "a\u{200B}",
    ]
    for s in samples {
      #expect(DisplayText.width(of: s) == DisplayText(s).width, "\(s.debugDescription)")
    }
    #expect(DisplayText.width(of: "日本語 abc") == 10)
  }

  @Test("truncation: text that fits is unchanged")
  func truncationFits() {
    #expect(DisplayText("Blue").truncated(toWidth: 4) == DisplayText("Blue"))
    #expect(DisplayText("日本").truncated(toWidth: 9) == DisplayText("日本"))
  }

  @Test("truncation: as many units as fit in N - 1 cells, then …")
  func truncationEllipsis() {
    let t = DisplayText("Favorites").truncated(toWidth: 6)
    #expect(t.description == "Favor…")
    #expect(t.width == 6)
    #expect(DisplayText("ab").truncated(toWidth: 1).description == "…")
    #expect(DisplayText("e\u{301}e\u{301}e\u{301}").truncated(toWidth: 2).description == "e\u{301}…")
  }

  @Test("truncation never cuts a wide character: a space pads the width after …")
  func truncationWide() {
    #expect(DisplayText("日本語").truncated(toWidth: 4).description == "日… ")
    #expect(DisplayText("日本語").truncated(toWidth: 5).description == "日本…")
    #expect(DisplayText("日本語").truncated(toWidth: 2).description == "… ")
    for n in 1...6 {
      #expect(DisplayText("日本語").truncated(toWidth: n).width == min(n, 6))
    }
  }

  @Test("truncation to 0 or less is empty")
  func truncationToNothing() {
    #expect(DisplayText("abc").truncated(toWidth: 0).isEmpty)
    #expect(DisplayText("abc").truncated(toWidth: -3).isEmpty)
  }

  @Test("centering: the odd cell goes right, and text too wide gets offset 0")
  func centering() {
    #expect(DisplayText.centeringOffset(width: 4, in: 10) == 3)
    #expect(DisplayText.centeringOffset(width: 4, in: 9) == 2)
    #expect(DisplayText.centeringOffset(width: 12, in: 9) == 0)
  }

  @Test("a unit's text round-trips through its inline storage, for 1- to 4-byte scalars")
  func unitStorage() {
    let s = "a\u{E9}\u{4E00}\u{1F600}"
    #expect(units(s) == ["a", "\u{E9}", "\u{4E00}", "\u{1F600}"])
    #expect(DisplayUnit.space.text == " ")
    #expect(DisplayUnit.ellipsis.text == "…")
    #expect(DisplayUnit.continuation.text.isEmpty)
    #expect(DisplayUnit.continuation.width == 0)
  }
}

/// Titles over several lines: `DisplayText.wrapped(toWidth:lines:)`.
@Suite("Display text: titles wrapped over several lines")
struct WrappedTitleTests {
  func wrap(_ s: String, _ width: Int, _ lines: Int) -> [String] {
    DisplayText(s).wrapped(toWidth: width, lines: lines).map(\.description)
  }

  @Test("lines break at spaces, and what fits stays whole")
  func breaksAtSpaces() {
    #expect(wrap("Write the quarterly report", 10, 3) == ["Write the", "quarterly", "report"])
    #expect(wrap("Write the report", 20, 2) == ["Write the report"])
    #expect(wrap("  two   spaces  ", 20, 2) == ["two spaces"])
    #expect(wrap("a b c d", 3, 2) == ["a b", "c d"])
  }

  @Test("the last line ends in … when the title does not fit")
  func lastLineEllipsis() {
    #expect(wrap("Write the quarterly report", 10, 2) == ["Write the", "quarterly…"])
    #expect(wrap("Add more items to the list", 12, 2) == ["Add more", "items to th…"])
    #expect(wrap("one two three", 5, 1) == ["one …"])
    #expect(wrap("one two three", 20, 1) == ["one two three"])
  }

  @Test("a word longer than the line is cut with … on its own line")
  func longWord() {
    #expect(wrap("Supercalifragilistic day", 8, 2) == ["Superca…", "day"])
    #expect(wrap("go Supercalifragilistic", 8, 3) == ["go", "Superca…"])
    #expect(wrap("**(30 mins)**", 6, 2) == ["**(30", "mins)…"])
  }

  @Test("wide characters count two cells and are never cut in half")
  func wide() {
    #expect(wrap("日本語 テキスト", 6, 2) == ["日本語", "テキ… "])
    #expect(DisplayText("日本語 テキスト").wrapped(toWidth: 6, lines: 2).map(\.width) == [6, 6])
  }

  @Test("no room, or no text: no lines")
  func empty() {
    #expect(wrap("abc", 0, 2).isEmpty)
    #expect(wrap("abc", 5, 0).isEmpty)
    #expect(wrap("   ", 5, 2).isEmpty)
  }
}
