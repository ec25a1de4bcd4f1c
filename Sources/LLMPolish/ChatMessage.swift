/// One message of a request, `{"role": …, "content": …}`, as OpenAI's Chat Completions and Anthropic's Messages
/// APIs both spell it.
struct ChatMessage: Encodable {
  var role: String
  var content: String
}
