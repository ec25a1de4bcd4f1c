// swift-tools-version: 6.1
import PackageDescription

// Everything here builds and is tested on Linux and macOS. Apple-only code (SwiftUI, AVFoundation,
// WhisperKit) lives in App/ and is never named in this manifest.

let package = Package(
  name: "Utter",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .executable(name: "utter", targets: ["UtterCLI"]),
    .executable(name: "utter-bench", targets: ["UtterBench"]),
    .library(name: "Clocks", targets: ["Clocks"]),
    .library(name: "DictationValues", targets: ["DictationValues"]),
    .library(name: "WordMatching", targets: ["WordMatching"]),
    .library(name: "AudioInput", targets: ["AudioInput"]),
    .library(name: "SpeechEngine", targets: ["SpeechEngine"]),
    .library(name: "CloudSpeech", targets: ["CloudSpeech"]),
    .library(name: "HTTPTransport", targets: ["HTTPTransport"]),
    .library(name: "TextPipeline", targets: ["TextPipeline"]),
    .library(name: "LLMPolish", targets: ["LLMPolish"]),
    .library(name: "KeyStore", targets: ["KeyStore"]),
    .library(name: "SessionChannel", targets: ["SessionChannel"]),
    .library(name: "KeyboardModel", targets: ["KeyboardModel"]),
    .library(name: "DictationHost", targets: ["DictationHost"]),
    .library(name: "Dictation", targets: ["Dictation"]),
    .library(name: "SpeechReading", targets: ["SpeechReading"]),
    .library(name: "ModelInstallation", targets: ["ModelInstallation"]),
    .library(name: "PhoneSession", targets: ["PhoneSession"]),
    .library(name: "AppSettings", targets: ["AppSettings"]),
    .library(name: "LiveWire", targets: ["LiveWire"]),
    .library(name: "Storage", targets: ["Storage"]),
    .library(name: "RemoteDictation", targets: ["RemoteDictation"]),
    .library(name: "DictationServer", targets: ["DictationServer"]),
    .library(name: "PhoneRules", targets: ["PhoneRules"]),
    .library(name: "KeyboardRules", targets: ["KeyboardRules"]),
    .library(name: "AppInfo", targets: ["AppInfo"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.0.0"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.20.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.60.0"),
    .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
  ],
  targets: [
    // The one clock (wall time and waiting) the session, retries, polish and the store take; tests drive a test clock.
    .target(name: "Clocks"),
    // The iPhone's rules that decide whether something works (what a keyboard's text proxy shows, App Transport
    // Security and the local network, when the microphone may start, what a keyboard without Full Access can do,
    // what an audio session applies at activation, memory ceilings), each citing Apple's documentation or the
    // thread that measured it. The app applies them; `utter host`, `utter keyboard` and the tests play by them.
    .target(name: "PhoneRules"),
    // The rules that decide what a keyboard extension sees and may do (its text proxy, Full Access): apart from
    // PhoneRules so the keyboard links only these.
    .target(name: "KeyboardRules", dependencies: ["DictationValues"]),
    // The value types every dictation module shares, with no dependencies: the field, a trace step, an archived
    // dictation, the session timeout.
    .target(name: "DictationValues"),
    // Word matching: the words a user changed in inserted text (an alignment over words), phonetic keys and edit
    // distance for corrections and the dictionary.
    .target(name: "WordMatching"),
    // Audio: decoding, resampling, voice activity, level metering. No Apple frameworks.
    .target(name: "AudioInput"),
    // Speech engine abstraction: our value types, options, registry, WER scoring.
    .target(name: "SpeechEngine", dependencies: ["AudioInput", "DictationValues", "WordMatching"]),
    // Reading speech as it is spoken and once it ends: the live reading of a recording (its windows read as speech
    // settles, drafts of the speech going on), the final windowed reading, the segmenters, how a field is read, and
    // the reading handed to the finishing step. The host's recordings and the server's live connections drive it.
    .target(name: "SpeechReading", dependencies: ["AudioInput", "DictationValues", "SpeechEngine"]),
    // The live WebSocket's messages and audio frames, shared by the server and the phone's client.
    .target(name: "LiveWire", dependencies: ["DictationValues"]),
    // Our own declarations of the whisper.cpp 1.8.5 C ABI, loaded at run time with dlopen.
    .target(name: "CWhisper"),
    // The embedded engine: whisper.cpp + CTranslate2 model converted to ggml in memory.
    .target(
      name: "WhisperEngine",
      dependencies: [
        "SpeechEngine", "CWhisper",
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    // HTTP for providers: one small interface; URLSession on Apple platforms, AsyncHTTPClient on Linux
    // (Foundation's URLSession there polls and spins a core while it waits). The app never links it.
    .target(
      name: "HTTPTransport",
      dependencies: [
        "Clocks",
        .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(platforms: [.linux])),
        .product(name: "NIOCore", package: "swift-nio", condition: .when(platforms: [.linux])),
        .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(platforms: [.linux])),
        .product(name: "NIOPosix", package: "swift-nio", condition: .when(platforms: [.linux])),
      ]
    ),
    // API keys: a 0600 file on Linux/macOS CLI; the app supplies a Keychain store.
    .target(name: "KeyStore"),
    // Cloud speech engines (OpenAI, Groq, Mistral, Deepgram, OpenAI-compatible).
    .target(
      name: "CloudSpeech",
      dependencies: ["AudioInput", "DictationValues", "SpeechEngine", "HTTPTransport", "KeyStore", "RemoteDictation"]),
    // Deterministic clean-up: fillers, stutters, corrections, punctuation, dictionary, snippets.
    .target(name: "TextPipeline", dependencies: ["DictationValues", "WordMatching"]),
    // LLM polish, styles, the safety net and command mode.
    .target(
      name: "LLMPolish",
      dependencies: [
        "DictationValues", "HTTPTransport", "KeyStore", "Clocks",
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // The keyboard↔app protocol over a shared folder: the messages, the files, both sides of the channel (the
    // keyboard's commands, the app's state and results), the notifiers.
    .target(
      name: "SessionChannel",
      dependencies: ["Clocks", "DictationValues", .product(name: "Logging", package: "swift-log")]),
    // The keyboard's state machine and its driver over the channel.
    .target(
      name: "KeyboardModel",
      dependencies: [
        "Clocks", "DictationValues", "SessionChannel", .product(name: "Logging", package: "swift-log"),
      ]),
    // The keyboard as `utter keyboard` and the tests play it: a text field as strict as iOS's proxy, typing with the
    // keys, the keyboard's memory ceiling. The keyboard extension never links it.
    .target(name: "KeyboardSimulation", dependencies: ["KeyboardModel", "KeyboardRules"]),
    // The containing app's dictation host: state machine, streaming transcription, delivery, recovery.
    .target(
      name: "DictationHost",
      dependencies: [
        "Clocks", "SessionChannel", "DictationValues", "AudioInput", "SpeechEngine", "SpeechReading", "WordMatching",
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // One dictation, whatever starts it: settings → engine → guarded transcription → clean-up and polish in the
    // dictation's style → history. The CLI, `utter host`, the server and the app all call it.
    .target(
      name: "Dictation",
      dependencies: [
        "AudioInput", "Clocks", "DictationValues", "SpeechEngine", "SpeechReading", "TextPipeline", "LLMPolish",
        "HTTPTransport", "KeyStore", "Storage",
      ]
    ),
    // The on-device models: a Whisper model's download, checks and compile as events in and effects out, its files
    // and free space, where it runs, how WhisperKit is asked to read, Apple's transcriber's availability. No Apple
    // framework: the app gives it URLSession, Core ML and WhisperKit as a device.
    .target(name: "ModelInstallation", dependencies: ["DictationValues", "Storage", "PhoneRules", "SpeechEngine"]),
    // The phone's session: the flow session the app holds for the keyboard, its audio routes and calls, the host it
    // builds, the app's own dictation button and Shortcut. The server links none of it.
    .target(
      name: "PhoneSession",
      dependencies: [
        "AppSettings", "AudioInput", "Clocks", "Dictation", "DictationHost", "DictationValues", "PhoneRules",
        "SessionChannel", "SpeechReading", "Storage", .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // The user's settings and dictionary as the app keeps them: the settings store, the dictionary that learns from
    // the keyboard's corrections, what is shared with the keyboard, where the own server may be reached, the
    // on-device engines offered, and the privacy policy that says what is kept and sent.
    .target(
      name: "AppSettings",
      dependencies: [
        "Dictation", "DictationHost", "DictationValues", "LLMPolish", "ModelInstallation", "PhoneRules",
        "SessionChannel", "SpeechEngine", "Storage", "TextPipeline", "WordMatching",
      ]
    ),
    // Where user data and engine files live, and the history, notes, dictionary, snippets, styles, stats and
    // settings kept there in SQLite.
    .target(
      name: "Storage",
      dependencies: [
        "TextPipeline", "DictationValues", "Clocks",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    // What the About screen says: the app's version line and the third-party notices it ships.
    .target(name: "AppInfo"),
    // Dictating through your own `utter serve`: the live WebSocket's messages and its client (URLSession's WebSocket
    // on Apple platforms, swift-websocket's client on Linux). The app links it; the server speaks its messages.
    .target(
      name: "RemoteDictation",
      dependencies: [
        "DictationValues", "HTTPTransport", "LiveWire",
        .product(name: "WSClient", package: "swift-websocket", condition: .when(platforms: [.linux])),
        .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(platforms: [.linux])),
        .product(name: "NIOCore", package: "swift-nio", condition: .when(platforms: [.linux])),
        .product(name: "Logging", package: "swift-log", condition: .when(platforms: [.linux])),
      ]
    ),
    // `utter serve`: the OpenAI-compatible server running the same dictation pipeline and live text, with tokens,
    // bounded concurrency and Prometheus metrics. Linux and macOS only; the app never links it.
    .target(
      name: "DictationServer",
      dependencies: [
        "AudioInput", "Clocks", "Dictation", "DictationValues", "LiveWire", "SpeechEngine",
        "SpeechReading",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
      ],
      // The OpenAPI document of its HTTP API, compiled in (an installed `utter` has no resource bundle beside it).
      resources: [.embedInCode("openapi.json")]
    ),
    // What the `utter` and `utter-bench` executables share: engine choice, the command line's dictation, tables,
    // JSON output and one-line errors.
    .target(
      name: "CLISupport",
      dependencies: [
        "CloudSpeech", "Dictation", "DictationHost", "DictationValues", "HTTPTransport", "KeyStore", "Storage",
        "RemoteDictation", "SpeechEngine", "SpeechReading", "WhisperEngine",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // The benchmarks (`utter bench …` runs this executable, built next to `utter`).
    .executableTarget(
      name: "UtterBench",
      dependencies: [
        "AppSettings",
        "AudioInput", "CLISupport", "Dictation", "DictationHost", "DictationValues", "HTTPTransport", "KeyStore",
        "KeyboardModel", "KeyboardSimulation", "Storage", "PhoneSession", "SessionChannel", "SpeechEngine",
        "SpeechReading", "TextPipeline", "WordMatching",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .executableTarget(
      name: "UtterCLI",
      dependencies: [
        "AppSettings",
        "AudioInput", "Clocks", "DictationValues", "SpeechEngine", "WhisperEngine", "CloudSpeech", "TextPipeline",
        "LLMPolish",
        "KeyStore", "SessionChannel", "KeyboardModel", "DictationHost", "Dictation", "Storage", "HTTPTransport",
        "DictationServer", "RemoteDictation", "PhoneRules", "KeyboardRules", "KeyboardSimulation",
        "CLISupport", "ModelInstallation", "PhoneSession", "SpeechReading", "LiveWire",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // Reusable test helpers: temporary folders, synthetic audio, running the CLI as a process.
    .target(name: "TestSupport", dependencies: ["Clocks"], path: "Tests/TestSupport"),
    // A real local HTTP server that plays cloud providers in tests (loopback only).
    .target(
      name: "ProviderTestSupport",
      dependencies: [
        "Clocks", "TestSupport", .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Tests/ProviderTestSupport"
    ),

    .testTarget(
      name: "PhoneRulesTests",
      dependencies: ["PhoneRules", "KeyboardModel", "KeyboardRules", "KeyboardSimulation", "TestSupport"]),
    .testTarget(name: "AudioInputTests", dependencies: ["AudioInput", "TestSupport"]),
    .testTarget(name: "SpeechEngineTests", dependencies: ["SpeechEngine", "TestSupport"]),
    .testTarget(name: "SpeechReadingTests", dependencies: ["SpeechReading", "TestSupport"]),
    .testTarget(name: "WhisperEngineTests", dependencies: ["WhisperEngine", "AudioInput", "TestSupport"]),
    .testTarget(name: "KeyStoreTests", dependencies: ["KeyStore", "TestSupport"]),
    .testTarget(name: "HTTPTransportTests", dependencies: ["HTTPTransport", "ProviderTestSupport", "TestSupport"]),
    .testTarget(
      name: "CloudSpeechTests",
      dependencies: [
        "AudioInput", "CloudSpeech", "DictationValues", "HTTPTransport", "KeyStore", "LiveWire", "RemoteDictation",
        "SpeechEngine",
        "TestSupport",
        "ProviderTestSupport", .product(name: "Hummingbird", package: "hummingbird"),
      ]
    ),
    .testTarget(name: "TextPipelineTests", dependencies: ["TextPipeline", "WordMatching", "TestSupport"]),
    .testTarget(name: "WordMatchingTests", dependencies: ["WordMatching", "TestSupport"]),
    .testTarget(name: "AppInfoTests", dependencies: ["AppInfo", "TestSupport"]),
    .testTarget(
      name: "LLMPolishTests",
      dependencies: [
        "LLMPolish", "HTTPTransport", "KeyStore", "TestSupport", "ProviderTestSupport",
        .product(name: "Hummingbird", package: "hummingbird"),
      ]
    ),
    .testTarget(
      name: "SessionChannelTests",
      dependencies: [
        "SessionChannel", "DictationValues", "TestSupport", .product(name: "Logging", package: "swift-log"),
      ]),
    .testTarget(
      name: "KeyboardModelTests",
      dependencies: [
        "DictationValues", "KeyboardModel", "KeyboardSimulation", "Storage", "KeyboardRules", "SessionChannel",
        "TestSupport", "WordMatching",
      ]),
    // Fakes for the session and dictation tests: a scripted engine, a microphone fed by hand, an archive in memory.
    .target(
      name: "SessionTestFakes",
      dependencies: [
        "AudioInput", "Dictation", "DictationHost", "DictationValues", "LLMPolish", "SessionChannel", "SpeechEngine",
        "SpeechReading", "Storage", "TestSupport",
      ],
      path: "Tests/SessionTestFakes"),
    .testTarget(
      name: "DictationHostTests",
      dependencies: [
        "AudioInput", "DictationHost", "DictationValues", "PhoneRules", "SessionTestFakes", "SpeechEngine",
        "SpeechReading", "TestSupport", "WordMatching",
      ]),
    .testTarget(
      name: "DictationTests",
      dependencies: [
        "AudioInput", "Dictation", "DictationValues", "HTTPTransport", "KeyStore", "KeyboardModel", "LLMPolish",
        "RemoteDictation",
        "SessionTestFakes", "SpeechEngine", "SpeechReading", "Storage", "TestSupport",
      ]
    ),
    .testTarget(
      name: "ModelInstallationTests",
      dependencies: ["ModelInstallation", "Storage", "SessionTestFakes", "SpeechEngine", "TestSupport"]),
    .testTarget(
      name: "PhoneSessionTests",
      dependencies: [
        "Clocks", "Dictation", "DictationHost", "DictationValues", "PhoneRules", "PhoneSession", "SessionChannel",
        "SessionTestFakes", "SpeechReading", "Storage", "TestSupport",
      ]),
    .testTarget(
      name: "AppSettingsTests",
      dependencies: [
        "AppSettings", "CloudSpeech", "Dictation", "DictationValues", "HTTPTransport", "KeyStore", "KeyboardModel",
        "LLMPolish", "ModelInstallation", "PhoneRules", "SessionChannel", "SessionTestFakes", "SpeechEngine", "Storage",
        "TestSupport", "TextPipeline", "WordMatching",
      ]),
    .testTarget(
      name: "StorageTests",
      dependencies: ["Storage", "DictationValues", "TextPipeline", "SessionChannel", "TestSupport"]),
    .testTarget(
      name: "UtterCLITests",
      dependencies: [
        "AudioInput", "SpeechEngine", "TestSupport", "ProviderTestSupport", "RemoteDictation", "HTTPTransport",
      ],
      // Read by path while the tests run (the fake servers, the contract script, sentences), not built.
      exclude: ["Fixtures"]),
    .testTarget(
      name: "DictationServerTests",
      dependencies: [
        "DictationServer", "AudioInput", "Dictation", "LiveWire", "RemoteDictation", "SpeechEngine", "SpeechReading",
        "TestSupport",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
      ]),
  ]
)
