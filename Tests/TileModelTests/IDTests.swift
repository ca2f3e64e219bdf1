import Testing
import TileModel

/// Ids made from titles (docs/editor.md, "Adding tiles and sections"; docs/formats.md).
struct IDTests {
  @Test(arguments: [
    ("Buy milk!", "buy-milk"),
    ("  Hello,   World  ", "hello-world"),
    ("Red", "red"),
    ("회의 준비", "회의-준비"),
    ("タワー/東京", "タワー-東京"),
    ("Straße 12", "straße-12"),
    ("e\u{301}t\u{E9}", "e\u{301}t\u{E9}"),
    ("a--b__c", "a-b-c"),
    ("😀 party 🎉", "party"),
    ("", "tile"),
    ("?!", "tile"),
    // A mark, variation selector or joiner after no letter is not kept.
    ("완료 ✔️", "완료"),
    ("Done ❤️", "done"),
    ("\u{301}abc", "abc"),
    ("a \u{200D}\u{FE0F} b", "a-b"),
    // At most 32 bytes of slug, cut between scalars, no `-` at the end.
    ("Write the quarterly report for the board meeting", "write-the-quarterly-report-for-t"),
    ("abcdefghij abcdefghij abcdefghi xyz", "abcdefghij-abcdefghij-abcdefghi"),
    ("회의 자료 준비하기 그리고 발표 연습", "회의-자료-준비하기-그"),
  ])
  func baseIDs(title: String, id: String) {
    #expect(IDs.base(forTitle: title).utf8.elementsEqual(id.utf8))
  }

  @Test func fallbackNamesWhatIsAdded() {
    #expect(IDs.base(forTitle: "***", fallback: "section") == "section")
  }

  @Test func takenIDsGetTheFirstFreeNumber() {
    let taken: Set<String> = ["red", "red-2", "red-4"]
    #expect(IDs.unique("red", isTaken: taken.contains) == "red-3")
    #expect(IDs.unique("blue", isTaken: taken.contains) == "blue")
  }

  @Test("long titles: the shortened slug, and when that is taken a stable four-digit suffix")
  func longTitles() {
    let first = "Write the quarterly report for the board meeting"
    let second = "Write the quarterly report for the team offsite"
    let short = IDs.base(forTitle: first)
    #expect(short.utf8.count <= IDs.slugLimit)
    #expect(IDs.unique(slug: IDs.slug(forTitle: first)) { _ in false } == short)
    let taken: Set<String> = [short]
    let other = IDs.unique(slug: IDs.slug(forTitle: second), isTaken: taken.contains)
    #expect(other == short + "-" + IDs.suffix(of: IDs.slug(forTitle: second)))
    #expect(other.utf8.count <= IDs.slugLimit + 5)
    // The suffix is the slug's, the same every time, and differs for another slug.
    #expect(IDs.suffix(of: "abc") == IDs.suffix(of: "abc"))
    #expect(IDs.suffix(of: IDs.slug(forTitle: first)) != IDs.suffix(of: IDs.slug(forTitle: second)))
    #expect(IDs.suffix(of: "abc").count == 4)
    // The example in docs/editing.md.
    #expect(IDs.unique(slug: IDs.slug(forTitle: "Write the quarterly report for the team")) { $0 == short }
      == "write-the-quarterly-report-for-t-fa18")
    // A short title never gets a suffix: the numbers as before.
    #expect(IDs.unique(slug: "red") { $0 == "red" } == "red-2")
  }
}
