import Foundation
import Hummingbird

/// `GET /health`: the process answers.
struct HealthAnswer: ResponseEncodable, Equatable {
  var status = "ok"
}

/// `GET /ready`: the engine every worker reads with, and how many requests the server takes at once.
struct ReadyAnswer: ResponseEncodable, Equatable {
  var status = "ready"
  var engine: String
  var model: String
  var workers: Int
  var queue: Int
}

/// OpenAI's model object (`GET /v1/models/{id}`) for the model a pool reads with; `created` is when it was loaded.
struct ModelAnswer: ResponseEncodable, Equatable {
  var id: String
  var object = "model"
  var created: Int
  var ownedBy = "utter"
  var engine: String

  enum CodingKeys: String, CodingKey {
    case id, object, created, engine
    case ownedBy = "owned_by"
  }

  init(_ pool: EnginePool, created: Int) {
    id = pool.model
    engine = pool.id
    self.created = created
  }
}

/// OpenAI's model list (`GET /v1/models`): the models this server reads with, the default first.
struct ModelListAnswer: ResponseEncodable, Equatable {
  var object = "list"
  var data: [ModelAnswer]
}

/// `POST /v1/format`'s input: the words and, optionally, their language.
struct FormatInput: Decodable {
  var text: String
  var language: String?
}

/// `POST /v1/format`'s answer: the cleaned-up text and the words it was given.
struct FormatAnswer: ResponseEncodable, Equatable {
  var text: String
  var rawText: String

  enum CodingKeys: String, CodingKey {
    case text
    case rawText = "raw_text"
  }
}

/// How every JSON answer is written: keys sorted, slashes as they are (a model's path stays readable).
enum ServerJSON {
  static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }
}

/// An optional that OpenAI's JSON always carries: `null` when there is none, where Swift's own coding would leave the
/// key out (`"param": null` in an error, `"language": null` in a session's settings).
@propertyWrapper
struct ExplicitNull<Value> {
  var wrappedValue: Value?

  init(wrappedValue: Value?) {
    self.wrappedValue = wrappedValue
  }
}

extension ExplicitNull: Sendable where Value: Sendable {}
extension ExplicitNull: Equatable where Value: Equatable {}
extension ExplicitNull: Hashable where Value: Hashable {}

extension ExplicitNull: Encodable where Value: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
  }
}

// NB: a wrapped property is decoded from a key that must be there, `null` or not: the JSON this reads is written
// with the wrapper.
extension ExplicitNull: Decodable where Value: Decodable {
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
  }
}
