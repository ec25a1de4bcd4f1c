import Foundation

/// The JSON shapes of OpenAI's Responses and Chat Completions APIs (only the fields Utter uses).
enum OpenAIWire {
  struct ResponsesRequest: Encodable {
    var model: String
    var instructions: String
    var input: String
    var max_output_tokens: Int
    var temperature: Double?
    /// Don't keep dictated text on the provider's side.
    var store: Bool
  }

  struct ResponsesAnswer: Decodable {
    struct Item: Decodable {
      var type: String
      var content: [ContentPart]?
    }
    var model: String?
    var output: [Item]?
    var status: String?

    /// The text of every `output_text` part of every `message` item, in order.
    var text: String? {
      guard let output else { return nil }
      let parts = output.filter { $0.type == "message" }.flatMap { $0.content ?? [] }
        .filter { $0.type == "output_text" }.compactMap(\.text)
      return parts.isEmpty ? nil : parts.joined()
    }
  }

  struct ChatRequest: Encodable {
    var model: String
    var messages: [ChatMessage]
    var max_tokens: Int
    var temperature: Double?
    var stream: Bool
  }

  struct ChatAnswer: Decodable {
    struct Choice: Decodable {
      struct Message: Decodable {
        var content: String?
      }
      var message: Message?
    }
    var model: String?
    var choices: [Choice]?

    var text: String? { choices?.first?.message?.content }
  }
}
