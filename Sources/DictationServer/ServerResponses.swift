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
