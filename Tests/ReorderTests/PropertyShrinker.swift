import Runtime
import Document
import Canvas
import GridLayout
import TileModel

@testable import Editor

/// Makes a failing case smaller while it still breaks the same property: drops runs of events
/// (halving the run length down to single events), cuts the stream after the failing event, removes
/// sections and tiles, and strips fields that do not matter to the engine. Only used for reports.
enum PropertyShrinker {
  /// Plays (with every check) at most this many candidates.
  static let budget = 800

  static func shrink(
    _ c: PropertyCase, events: [ScriptEvent], failure: PropertyFailure, checks: PropertyExtraChecks
  ) -> (PropertyCase, [ScriptEvent], PropertyFailure) {
    var best = (c, events, failure)
    var tries = 0

    /// Whether the candidate breaks the same property; if so it becomes the best, cut after the
    /// failing event.
    func attempt(_ candidate: PropertyCase, _ events: [ScriptEvent]) -> Bool {
      guard tries < budget else { return false }
      tries += 1
      let run = PropertyHarness.run(candidate, events: events, checks: checks)
      guard let f = run.failure ?? PropertyHarness.checkReplay(candidate, run), f.kind == failure.kind else {
        return false
      }
      // A failure inside the stream needs nothing after it; one in the finale needs the whole stream.
      best = (candidate, f.eventIndex < run.streamLength ? Array(events.prefix(f.eventIndex + 1)) : events, f)
      return true
    }

    func shrinkEvents() {
      var chunk = max(1, best.1.count / 2)
      while tries < budget {
        var i = 0
        var progressed = false
        while i < best.1.count && tries < budget {
          var candidate = best.1
          candidate.removeSubrange(i..<min(best.1.count, i + chunk))
          // Small runs are tried at every offset, large ones at multiples of their length.
          if attempt(best.0, candidate) { progressed = true } else { i += chunk > 4 ? chunk : 1 }
        }
        if !progressed {
          if chunk == 1 { return }
          chunk /= 2
        }
      }
    }

    func shrinkArrangement() {
      var progressed = true
      while progressed && tries < budget {
        progressed = false
        for candidate in smallerArrangements(best.0.arrangement) {
          var c = best.0
          c.arrangement = candidate
          if attempt(c, best.1) {
            progressed = true
            break
          }
        }
      }
    }

    shrinkEvents()
    shrinkArrangement()
    shrinkEvents()
    return best
  }

  /// Arrangements one step smaller: a section fewer, a tile fewer, or fields stripped.
  static func smallerArrangements(_ a: Arrangement) -> [Arrangement] {
    let parts = a.sections.indices.map { (a.sections[$0], a.tiles(inSection: $0)) }
    func make(_ parts: [(Section, [Tile])]) -> Arrangement {
      Arrangement(version: a.version, layout: a.layoutSpec, sections: parts, extras: [])
    }
    var result: [Arrangement] = []
    if parts.count > 1 {
      for s in parts.indices {
        var fewer = parts
        fewer.remove(at: s)
        result.append(make(fewer))
      }
    }
    for s in parts.indices {
      for i in parts[s].1.indices {
        var fewer = parts
        fewer[s].1.remove(at: i)
        result.append(make(fewer))
      }
    }
    let plain = parts.map { section, tiles in
      (
        Section(id: section.id, maxItems: section.maxItems, locked: section.locked),
        tiles.map { Tile(id: $0.id, locked: $0.locked, width: $0.width) }
      )
    }
    let stripped = make(plain)
    if stripped != a { result.append(stripped) }
    return result
  }
}
