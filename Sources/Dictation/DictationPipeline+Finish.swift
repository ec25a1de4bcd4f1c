import DictationValues
import Foundation
import SpeechEngine
import SpeechReading

extension DictationPipeline {
  /// The one step that ends every dictation, whatever read it (a file, a retry, the server's uploads and live
  /// connections, the flow session's host, a crash's spool): formats the engine's words for the field (clean-up,
  /// polish, safety net) and each of its segments (the clean-up alone, in the same field and language), puts the
  /// learned forms the engine confirmed first in the trace, and keeps the entry with its audio in `archive`. A
  /// reading with no words, or one asked for `raw` (the engine's words as they are), is neither formatted nor kept.
  public func finish(_ reading: DictationReading, raw: Bool = false, in archive: (any DictationArchive)?) async
    -> (dictation: FinishedDictation, polish: PolishReport?)
  {
    let words = reading.transcript.text.trimmingCharacters(in: .whitespacesAndNewlines)
    let duration = Double(reading.audio.count) / Double(engineSampleRate)
    var entry = HistoryEntry(
      uuid: reading.id, rawText: words, finalText: words, engine: reading.transcript.engine,
      model: reading.transcript.model, language: reading.transcript.language ?? "", audioSeconds: duration,
      origin: reading.origin,
      field: reading.field, status: reading.recovered ? .recovered : .complete, createdAt: reading.startedAt)
    var segments = reading.transcript.segments.map { segment in
      var trimmed = segment
      trimmed.text = segment.text.trimmingCharacters(in: .whitespacesAndNewlines)
      return trimmed
    }
    guard !words.isEmpty, !raw else { return (FinishedDictation(entry: entry, cleanedSegments: segments), nil) }
    var (formatted, polish): (FormattedText, PolishReport?)
    if let selection = reading.field.selection {
      (formatted, polish) = (await formatter.command(words, selection: selection), nil)
    } else {
      let field = reading.field.read(in: reading.transcript.language)
      (formatted, polish) = await formatter.format(words, field: field)
      segments = formatter.cleanUp(segments, field: field)
    }
    formatted.traceLearned(reading.transcript.learned, raw: words)
    let now = clock.date()
    entry.finalText = formatted.text
    entry.trace = formatted.trace
    entry.processingSeconds = max(0, now.timeIntervalSince(reading.startedAt) - duration)
    entry.updatedAt = now
    var finished = FinishedDictation(entry: entry, cleanedSegments: segments, notice: formatted.notice)
    finished.pressesReturn = formatted.pressesReturn
    finished.original = formatted.original
    do {
      if let kept = try archive?.record(entry, audio: reading.audio) { finished.entry = kept }
    } catch {
      finished.archiveError = error
    }
    return (finished, polish)
  }
}
