import TileGridJSON
import TileModel

/// Edit scripts as text (docs/version-control.md, "Edit scripts"): one edit per line, tiles and
/// sections by id, values as JSON literals on one line, `#` comments. `text(_:)` writes the canonical
/// form, `read(_:)` reads any well-formed script strictly, and what one writes the other reads back
/// to the same edits.
///
///     move blue to archive:0
///     set red title "Red!"
///     add teal to others:3 {"id": "teal", "color": "systemTeal"}
public enum EditScript {
  /// The canonical text of a script: one line per edit, each ending in a newline; tokens one space
  /// apart; ids and keys bare when they are letters, digits, `-`, `_` and `.`, else JSON strings;
  /// values in canonical JSON on one line (`{"id": "teal", "title": "teal"}`).
  public static func text(_ edits: [ScriptEdit]) -> String {
    var text = ""
    for edit in edits {
      text += line(edit)
      text += "\n"
    }
    return text
  }

  /// One edit's line, without the newline.
  public static func line(_ edit: ScriptEdit) -> String {
    func word(_ w: String) -> String { ScriptWord.text(w) }
    switch edit {
    case .move(let id, let place):
      return "move \(word(id)) to \(place)"
    case .moveSection(let id, let index):
      return "move-section \(word(id)) to \(index)"
    case .add(let tile, let place):
      var w = JSONWriter.oneLine()
      tile.write(to: &w)
      return "add \(word(tile.id)) to \(place) \(w.text)"
    case .delete(let id):
      return "delete \(word(id))"
    case .set(let id, let field):
      return "set \(word(id)) \(word(field.key)) \(value(field))"
    case .addSection(let section, let tiles, let index):
      var w = JSONWriter.oneLine()
      section.write(tiles: tiles, to: &w)
      return "add-section \(word(section.id)) at \(index) \(w.text)"
    case .deleteSection(let id):
      return "delete-section \(word(id))"
    case .setSection(let id, let field):
      return "set-section \(word(id)) \(word(field.key)) \(value(field))"
    case .setLayout(let field):
      return "set-layout \(word(field.key)) \(value(field))"
    case .replaceLayout(let spec):
      guard let spec else { return "set-layout null" }
      var w = JSONWriter.oneLine()
      spec.write(to: &w)
      return "set-layout \(w.text)"
    case .setFile(let key, let v):
      return "set-file \(word(key)) \(literal(v))"
    }
  }

  /// How the value of an unknown key is written: `null` removes the key, so JSON's null kept as a
  /// value is written `(null)`.
  static let keptNull = "(null)"

  private static func literal(_ value: JSONValue?) -> String {
    guard let value else { return "null" }
    if value == .null { return keptNull }
    var w = JSONWriter.oneLine()
    w.value(value)
    return w.text
  }

  private static func value(_ field: TileField) -> String {
    var w = JSONWriter.oneLine()
    switch field {
    case .title(let v): w.optional(v)
    case .color(let v): w.optional(v?.spelling)
    case .locked(let v): w.optional(v)
    case .width(let v): w.optional(v)
    case .other(_, let v): return literal(v)
    }
    return w.text
  }

  private static func value(_ field: SectionField) -> String {
    var w = JSONWriter.oneLine()
    switch field {
    case .title(let v): w.optional(v)
    case .maxItems(let v): w.optional(v)
    case .locked(let v): w.optional(v)
    case .other(_, let v): return literal(v)
    }
    return w.text
  }

  private static func value(_ field: LayoutField) -> String {
    var w = JSONWriter.oneLine()
    switch field {
    case .direction(let v): w.optional(v?.rawValue)
    case .itemSize(let v):
      if let v { v.write(to: &w) } else { w.null() }
    case .lineSpacing(let v): w.optional(v)
    case .interitemSpacing(let v): w.optional(v)
    case .sectionInset(let v):
      if let v { v.write(to: &w) } else { w.null() }
    case .headerHeight(let v): w.optional(v)
    case .alignment(let v): w.optional(v?.rawValue)
    case .other(_, let v): return literal(v)
    }
    return w.text
  }

  // MARK: - JSON for tools

  /// The script as a JSON array for tools (`tilegrid diff --json`), in canonical JSON: one object per
  /// edit, `"edit"` naming it as the text does, then its operands:
  ///
  ///     {"edit": "move", "tile": "blue", "section": "archive", "index": 0}
  ///     {"edit": "move-section", "section": "archive", "index": 0}
  ///     {"edit": "add", "tile": "teal", "section": "others", "index": 3, "value": {…}}
  ///     {"edit": "delete", "tile": "gray44"}
  ///     {"edit": "set", "tile": "red", "key": "title", "value": "Red!"}
  ///     {"edit": "add-section", "section": "later", "index": 2, "value": {…, "items": […]}}
  ///     {"edit": "delete-section", "section": "later"}
  ///     {"edit": "set-section", "section": "favorites", "key": "maxItems", "value": 10}
  ///     {"edit": "set-layout", "key": "lineSpacing", "value": 2}
  ///     {"edit": "set-layout", "value": {…}}
  ///     {"edit": "set-file", "key": "owner", "value": "ops"}
  ///
  /// A key (or the layout) removed has no `"value"`; `"value": null` is JSON's null kept as a value.
  public static func json(_ edits: [ScriptEdit]) -> [UInt8] {
    var w = JSONWriter()
    w.beginArray()
    for edit in edits {
      w.element()
      w.beginObject()
      write(edit, to: &w)
      w.endObject()
    }
    w.endArray()
    w.newlineAtEnd()
    return w.bytes
  }

  private static func write(_ edit: ScriptEdit, to w: inout JSONWriter) {
    func head(_ name: String) {
      w.key("edit")
      w.string(name)
    }
    switch edit {
    case .move(let id, let place):
      head("move")
      w.member("tile", id)
      w.member("section", place.section)
      w.member("index", place.item)
    case .moveSection(let id, let index):
      head("move-section")
      w.member("section", id)
      w.member("index", index)
    case .add(let tile, let place):
      head("add")
      w.member("tile", tile.id)
      w.member("section", place.section)
      w.member("index", place.item)
      w.key("value")
      tile.write(to: &w)
    case .delete(let id):
      head("delete")
      w.member("tile", id)
    case .set(let id, let field):
      head("set")
      w.member("tile", id)
      w.member("key", field.key)
      fieldValue(field, &w)
    case .addSection(let section, let tiles, let index):
      head("add-section")
      w.member("section", section.id)
      w.member("index", index)
      w.key("value")
      section.write(tiles: tiles, to: &w)
    case .deleteSection(let id):
      head("delete-section")
      w.member("section", id)
    case .setSection(let id, let field):
      head("set-section")
      w.member("section", id)
      w.member("key", field.key)
      fieldValue(field, &w)
    case .setLayout(let field):
      head("set-layout")
      w.member("key", field.key)
      fieldValue(field, &w)
    case .replaceLayout(let spec):
      head("set-layout")
      if let spec {
        w.key("value")
        spec.write(to: &w)
      }
    case .setFile(let key, let value):
      head("set-file")
      w.member("key", key)
      if let value {
        w.key("value")
        w.value(value)
      }
    }
  }

  private static func fieldValue(_ field: TileField, _ w: inout JSONWriter) {
    switch field {
    case .title(let v): w.member("value", v)
    case .color(let v): w.member("value", v?.spelling)
    case .locked(let v): w.member("value", v)
    case .width(let v): w.member("value", v)
    case .other(_, let v): w.member("value", v)
    }
  }

  private static func fieldValue(_ field: SectionField, _ w: inout JSONWriter) {
    switch field {
    case .title(let v): w.member("value", v)
    case .maxItems(let v): w.member("value", v)
    case .locked(let v): w.member("value", v)
    case .other(_, let v): w.member("value", v)
    }
  }

  private static func fieldValue(_ field: LayoutField, _ w: inout JSONWriter) {
    switch field {
    case .direction(let v): w.member("value", v?.rawValue)
    case .itemSize(let v):
      if let v {
        w.key("value")
        v.write(to: &w)
      }
    case .lineSpacing(let v): w.member("value", v)
    case .interitemSpacing(let v): w.member("value", v)
    case .sectionInset(let v):
      if let v {
        w.key("value")
        v.write(to: &w)
      }
    case .headerHeight(let v): w.member("value", v)
    case .alignment(let v): w.member("value", v?.rawValue)
    case .other(_, let v): w.member("value", v)
    }
  }
}

extension Section {
  /// The section's fields with `tiles` as its items, as the file writes a section.
  func write(tiles: [Tile], to w: inout JSONWriter) {
    w.beginObject()
    w.member("id", id)
    w.member("title", title)
    w.member("maxItems", maxItems)
    w.member("locked", locked)
    w.key("items")
    w.beginArray()
    for tile in tiles {
      w.element()
      tile.write(to: &w)
    }
    w.endArray()
    w.members(extras)
    w.endObject()
  }
}

extension JSONWriter {
  /// The text written so far.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Writes the value, or `null` for none.
  mutating func optional(_ value: String?) {
    if let value { string(value) } else { null() }
  }

  mutating func optional(_ value: Int?) {
    if let value { int(value) } else { null() }
  }

  mutating func optional(_ value: Bool?) {
    if let value { bool(value) } else { null() }
  }

  /// Writes `"key": value` when there is a value.
  mutating func member(_ key: String, _ value: JSONValue?) {
    guard let value else { return }
    self.key(key)
    self.value(value)
  }
}
