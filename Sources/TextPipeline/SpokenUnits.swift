/// Units of measure after a spoken number: the ones only ever written as abbreviations ("five k m" → "5 km"),
/// which force digits, and temperature scales ("degrees celsius" → "°C").
enum SpokenUnits {
  /// Abbreviations spelled out letter by letter, longest first: "k m" → "km", "m p h" → "mph".
  static let spelled: [(letters: [String], written: String)] = [
    (["m", "b", "p", "s"], "Mbps"), (["g", "b", "p", "s"], "Gbps"), (["k", "b", "p", "s"], "kbps"),
    (["k", "w", "h"], "kWh"), (["m", "a", "h"], "mAh"), (["f", "p", "s"], "fps"), (["r", "p", "m"], "rpm"),
    (["m", "p", "g"], "mpg"), (["d", "p", "i"], "dpi"), (["k", "h", "z"], "kHz"), (["l", "b", "s"], "lbs"),
    (["k", "m", "h"], "km/h"), (["k", "p", "h"], "km/h"), (["m", "p", "h"], "mph"),
    (["k", "m"], "km"), (["c", "m"], "cm"), (["m", "m"], "mm"), (["k", "g"], "kg"), (["m", "g"], "mg"),
    (["m", "l"], "ml"), (["g", "b"], "GB"), (["m", "b"], "MB"), (["t", "b"], "TB"), (["k", "b"], "KB"),
    (["m", "s"], "ms"), (["g", "h", "z"], "GHz"), (["m", "h", "z"], "MHz"), (["k", "w"], "kW"),
    (["h", "z"], "Hz"), (["o", "z"], "oz"), (["l", "b"], "lb"), (["f", "t"], "ft"), (["p", "x"], "px"),
  ]

  /// Abbreviations an engine wrote as one word: "five km" → "5 km", "two gb" → "2 GB".
  static let written: [String: String] = [
    "km": "km", "cm": "cm", "mm": "mm", "kg": "kg", "mg": "mg", "ml": "ml", "mph": "mph", "kph": "km/h",
    "gb": "GB", "mb": "MB", "tb": "TB", "kb": "KB", "ms": "ms", "ghz": "GHz", "mhz": "MHz", "kw": "kW",
    "kwh": "kWh", "mbps": "Mbps", "gbps": "Gbps", "kbps": "kbps", "mah": "mAh", "fps": "fps", "rpm": "rpm",
    "mpg": "mpg", "dpi": "dpi", "hz": "Hz", "khz": "kHz", "oz": "oz", "lbs": "lbs", "lb": "lb", "ft": "ft",
    "px": "px",
  ]

  /// Temperature scales after "degrees": "seventy two degrees fahrenheit" → "72°F".
  static let scales: [String: String] = ["celsius": "°C", "centigrade": "°C", "fahrenheit": "°F"]

  /// The written abbreviation said at `start` and where it ends, or nil when no abbreviated unit is there.
  static func abbreviation(_ words: [String], from start: Int) -> (written: String, end: Int)? {
    guard start < words.count else { return nil }
    if let written = written[words[start]] { return (written, start + 1) }
    for (letters, written) in spelled where start + letters.count <= words.count {
      if Array(words[start..<(start + letters.count)]) == letters { return (written, start + letters.count) }
    }
    return nil
  }

  /// "degrees celsius" / "degrees fahrenheit" at `start`, written as "°C" / "°F", and its end.
  static func temperature(_ words: [String], from start: Int) -> (written: String, end: Int)? {
    guard start + 1 < words.count, words[start] == "degrees" || words[start] == "degree",
      let scale = scales[words[start + 1]]
    else { return nil }
    return (scale, start + 2)
  }
}
