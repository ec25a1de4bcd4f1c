/// One typed part of an answer, `{"type": "text", "text": …}`, as Anthropic's Messages and OpenAI's Responses APIs
/// both spell it (only parts of type `text` or `output_text` carry text).
struct ContentPart: Decodable {
  var type: String
  var text: String?
}
