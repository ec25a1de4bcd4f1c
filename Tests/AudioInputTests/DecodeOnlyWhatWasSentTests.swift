import Foundation
import TestSupport
import Testing

@testable import AudioInput

/// An upload that hides an HLS playlist behind an ID3 tag, naming a real mp3 made in `folder` (the attack of issue 35:
/// ffmpeg, left to probe, followed the playlist and decoded a file the server was never sent).
private func playlistBehindID3(naming target: URL) -> Data {
  let playlist = """
    #EXTM3U
    #EXT-X-TARGETDURATION:10
    #EXTINF:10,
    \(target.path)
    #EXT-X-ENDLIST

    """
  return Data("ID3".utf8) + Data([4, 0, 0, 0, 0, 0, 0]) + Data(playlist.utf8)
}

/// A spoken mp3 of a few seconds, made with espeak-ng and ffmpeg.
private func spokenMP3(in folder: TemporaryDirectory) throws -> URL {
  let wav = folder.path("secret.wav")
  try SyntheticSpeech.synthesize("the secret password is banana split", to: wav)
  let mp3 = folder.path("secret.mp3")
  try SyntheticSpeech.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", wav.path, mp3.path])
  return mp3
}

@Suite("Decoding only what was sent", .enabled(if: ffmpegInstalled && SyntheticSpeech.isAvailable))
struct DecodeOnlyWhatWasSentTests {
  @Test("an ID3 tag hiding an HLS playlist that names a real mp3 is refused as a playlist; the mp3 is never read")
  func playlistBehindID3IsRefused() throws {
    let folder = try TemporaryDirectory("decode-playlist")
    defer { folder.remove() }
    let secret = try spokenMP3(in: folder)
    #expect(try AudioFileDecoder.decode(contentsOf: secret).duration > 1.5, "the target itself is real audio")
    let upload = folder.path("upload.mp3")
    try playlistBehindID3(naming: secret).write(to: upload)
    do {
      let decoded = try AudioFileDecoder.decode(contentsOf: upload, ffmpeg: .onPath)
      Issue.record("the playlist was decoded: \(decoded.duration) s of the file it names")
    } catch {
      #expect(error.kind == .notAudio)
      #expect(error.description == "upload.mp3: an HLS playlist is not audio (behind an ID3 tag)")
    }
  }

  @Test("ffmpeg told the upload is mp3, with the allow-lists, refuses the playlist even when the probe is bypassed")
  func ffmpegFlagsRefuseThePlaylist() throws {
    let folder = try TemporaryDirectory("decode-playlist")
    defer { folder.remove() }
    let secret = try spokenMP3(in: folder)
    let upload = folder.path("upload.mp3")
    try playlistBehindID3(naming: secret).write(to: upload)
    for codec in ["mp3", "aac", "wav", "ogg", "mov"] {
      do {
        let decoded = try FFmpegDecoder.decode(
          upload, codec: codec, ffmpeg: .onPath, limits: .none, cancellation: nil)
        #expect(decoded.samples.isEmpty, "as \(codec): \(decoded.duration) s decoded from the playlist's target")
      } catch {
        #expect(!error.description.contains(secret.path), "\(error)")
        #expect(!error.description.contains("\n"))
      }
    }
  }

  @Test(
    "playlists, concat lists and manifests are refused by name, with or without a byte-order mark",
    arguments: [
      ("#EXTM3U\n/etc/passwd\n", "an HLS playlist is not audio"),
      ("\u{FEFF}  #EXTM3U\nhttp://example.com/a.mp3\n", "an HLS playlist is not audio"),
      ("ffconcat version 1.0\nfile '/etc/passwd'\n", "an ffconcat list is not audio"),
      ("[playlist]\nFile1=/tmp/a.mp3\n", "a PLS playlist is not audio"),
      ("<?xml version=\"1.0\"?><MPD></MPD>", "an XML document (such as a DASH manifest) is not audio"),
      ("v=0\no=- 0 0 IN IP4 127.0.0.1\n", "an SDP session description is not audio"),
    ])
  func namedRefusals(text: String, sentence: String) throws {
    let folder = try TemporaryDirectory("decode-refusal")
    defer { folder.remove() }
    let file = folder.path("upload.mp3")
    try Data(text.utf8).write(to: file)
    #expect(throws: AudioInputError("upload.mp3: \(sentence)", kind: .notAudio)) {
      try AudioFileDecoder.decode(contentsOf: file, ffmpeg: .onPath)
    }
  }

  @Test("real uploads still decode: an mp3 with an ID3 tag, a FLAC behind an ID3 tag, an m4a")
  func realUploadsDecode() throws {
    let folder = try TemporaryDirectory("decode-real")
    defer { folder.remove() }
    let secret = try spokenMP3(in: folder)
    let tagged = folder.path("tagged.mp3")
    try SyntheticSpeech.run(
      "ffmpeg",
      ["-nostdin", "-v", "error", "-y", "-i", secret.path, "-metadata", "title=Notes", "-c", "copy", tagged.path])
    #expect(try Data(contentsOf: tagged).prefix(3) == Data("ID3".utf8))
    let flac = folder.path("speech.flac")
    try SyntheticSpeech.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", secret.path, flac.path])
    let taggedFLAC = folder.path("tagged.flac")
    try (Data("ID3".utf8) + Data([4, 0, 0, 0, 0, 0, 0]) + Data(contentsOf: flac)).write(to: taggedFLAC)
    let m4a = folder.path("speech.m4a")
    try SyntheticSpeech.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", secret.path, m4a.path])
    for file in [tagged, taggedFLAC, m4a] {
      let decoded = try AudioFileDecoder.decode(contentsOf: file, ffmpeg: .onPath)
      #expect(decoded.duration > 1.5, "\(file.lastPathComponent): \(decoded.duration) s")
    }
  }

  @Test("an upload decoded through a scratch file leaves no file behind, and its errors name no path of this machine")
  func scratchFileAndMessages() throws {
    let folder = try TemporaryDirectory("decode-scratch")
    defer { folder.remove() }
    let scratch = folder.path("scratch-1234.mp3")
    let broken = Data("ID3".utf8) + Data([4, 0, 0, 0, 0, 0, 0]) + Data(repeating: 0x55, count: 256)
    do {
      let decoded = try AudioFileDecoder.decode(
        broken, name: "talk.mp3", scratchFile: scratch, ffmpeg: .onPath, limits: .none, cancellation: nil)
      #expect(decoded.samples.isEmpty)
    } catch {
      #expect(error.description.hasPrefix("talk.mp3: ffmpeg could not decode the mp3 audio"), "\(error)")
      #expect(!error.description.contains(folder.url.path) && !error.description.contains("scratch-1234"), "\(error)")
    }
    #expect(!FileManager.default.fileExists(atPath: scratch.path))
    let secret = try spokenMP3(in: folder)
    let decoded = try AudioFileDecoder.decode(
      Data(contentsOf: secret), name: "talk.mp3", scratchFile: scratch, ffmpeg: .onPath, limits: .none,
      cancellation: nil)
    #expect(decoded.duration > 1.5)
    #expect(!FileManager.default.fileExists(atPath: scratch.path))
    let nowhere = folder.path("missing-folder/scratch.mp3")
    #expect(throws: AudioInputError("talk.mp3: there is no room to keep the upload for decoding", kind: .machine)) {
      try AudioFileDecoder.decode(
        Data(contentsOf: secret), name: "talk.mp3", scratchFile: nowhere, ffmpeg: .onPath, limits: .none,
        cancellation: nil)
    }
  }

  @Test("ffmpeg's complaint is one line with no path: its own file by name, any other hidden")
  func sanitizedMessages() {
    let file = URL(fileURLWithPath: "/tmp/utter-serve-0/123/ABCD.mp3")
    #expect(
      FFmpegMessage.oneLine(
        "file:/tmp/utter-serve-0/123/ABCD.mp3: Invalid data found when processing input\n", file: file)
        == "ABCD.mp3: Invalid data found when processing input")
    #expect(
      FFmpegMessage.oneLine("[mp3 @ 0x5645ef6068c0] Failed to read frame size: Could not seek to 1103.", file: file)
        == "Failed to read frame size: Could not seek to 1103.")
    #expect(
      FFmpegMessage.oneLine("[hls @ 0x55] Opening '/home/me/notes.mp3' for reading\n", file: file)
        == "Opening … for reading")
    #expect(FFmpegMessage.oneLine("\n\n", file: file) == nil)
  }
}
