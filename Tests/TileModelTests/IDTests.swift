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
}
