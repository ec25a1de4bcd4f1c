import Foundation

/// Builds a legacy ggml Whisper model (the format whisper.cpp loads) in memory from a CTranslate2 Whisper model.
///
/// Only the arrangement changes: fused attention projections are split, names follow OpenAI's, small tensors
/// become float32 as whisper.cpp expects, the convolutions stay float16 and the large matrices are quantized to 8 bits.
enum GGMLWhisperConverter {
  /// How the large matrices are stored: ggml's 8-bit blocks, which whisper.cpp multiplies faster than float16 on
  /// a CPU (the encoder takes about a third less time).
  static let matrixType = GGMLBuffer.TensorType.q8_0

  struct HyperParameters: Equatable {
    /// The shape of one side of the model: the encoder (audio) or the decoder (text).
    struct Stack: Equatable {
      var context: Int
      var state: Int
      var heads: Int
      var layers: Int

      /// The stack as the header writes it.
      var header: [Int] { [context, state, heads, layers] }
    }

    var vocabularySize: Int
    var audio: Stack
    var text: Stack
    var melCount: Int
  }

  /// Converts `model` with its `vocabulary` (one byte-level token per line) to ggml bytes.
  static func convert(model: CTranslate2Model, vocabulary: [Substring]) throws -> Data {
    guard model.specName == "WhisperSpec" else {
      throw ModelFormatError("not a Whisper model (spec \(model.specName))")
    }
    let params = try hyperParameters(model: model, vocabularySize: vocabulary.count)
    guard let endOfText = vocabulary.firstIndex(of: "<|endoftext|>") else {
      throw ModelFormatError("vocabulary lacks <|endoftext|>")
    }
    var out = GGMLBuffer(capacity: estimatedSize(model))
    out.int32(0x6767_6d6c)
    for value in [params.vocabularySize] + params.audio.header + params.text.header + [params.melCount] {
      out.int32(value)
    }
    out.int32(matrixType == .q8_0 ? 7 : 1)  // ftype: float16 or Q8_0 weights

    let filters = MelFilterBank.weights(melCount: params.melCount)
    out.int32(params.melCount)
    out.int32(filters.count / params.melCount)
    filters.withUnsafeBytes { out.append($0) }

    out.int32(endOfText)
    for (index, token) in vocabulary[..<endOfText].enumerated() {
      guard let bytes = ByteLevelVocabulary.bytes(of: token) else {
        throw ModelFormatError("vocabulary token \(index) is not byte-level BPE text")
      }
      out.int32(bytes.count)
      out.append(bytes)
    }

    try writeEncoder(model, params, into: &out)
    try writeDecoder(model, params, into: &out)
    return out.data
  }

  static func hyperParameters(model: CTranslate2Model, vocabularySize: Int) throws -> HyperParameters {
    let audio = try stack(model, "encoder")
    let text = try stack(model, "decoder")
    let conv1 = try model.variable("encoder/conv1/weight")
    guard conv1.shape.count == 3 else { throw ModelFormatError("unexpected tensor ranks in the Whisper model") }
    let embeddings = try model.variable("decoder/embeddings/weight")
    guard embeddings.shape.first == vocabularySize else {
      throw ModelFormatError(
        "vocabulary has \(vocabularySize) tokens but the model embeds \(embeddings.shape.first ?? 0)")
    }
    return HyperParameters(vocabularySize: vocabularySize, audio: audio, text: text, melCount: conv1.shape[1])
  }

  /// The shape of the model's `side` (`encoder` or `decoder`), read from its tensors.
  private static func stack(_ model: CTranslate2Model, _ side: String) throws -> HyperParameters.Stack {
    let positions = try model.variable("\(side)/position_encodings/encodings")
    guard positions.shape.count == 2 else { throw ModelFormatError("unexpected tensor ranks in the Whisper model") }
    var layers = 0
    while model.variables["\(side)/layer_\(layers)/ffn/linear_0/weight"] != nil { layers += 1 }
    return HyperParameters.Stack(
      context: positions.shape[0], state: positions.shape[1], heads: try model.integer("\(side)/num_heads"),
      layers: layers)
  }

  private static func estimatedSize(_ model: CTranslate2Model) -> Int {
    model.variables.values.reduce(2_000_000) { $0 + $1.elementCount * 4 / 2 + 64 }
  }

  private static func writeEncoder(_ model: CTranslate2Model, _ params: HyperParameters, into out: inout GGMLBuffer)
    throws
  {
    try out.tensor("encoder.positional_embedding", model.variable("encoder/position_encodings/encodings"), as: .f32)
    for conv in ["conv1", "conv2"] {
      try out.tensor("encoder.\(conv).weight", model.variable("encoder/\(conv)/weight"), as: .f16)
      let bias = try model.variable("encoder/\(conv)/bias")
      try out.tensor("encoder.\(conv).bias", bias, as: .f32, shape: [bias.elementCount, 1])
    }
    try writeLayerNorm(model, from: "encoder/layer_norm", to: "encoder.ln_post", into: &out)
    for layer in 0..<params.audio.layers {
      try writeBlock(
        model, from: "encoder/layer_\(layer)", to: "encoder.blocks.\(layer)", state: params.audio.state, into: &out)
    }
  }

  private static func writeDecoder(_ model: CTranslate2Model, _ params: HyperParameters, into out: inout GGMLBuffer)
    throws
  {
    try out.tensor("decoder.positional_embedding", model.variable("decoder/position_encodings/encodings"), as: .f32)
    try out.tensor("decoder.token_embedding.weight", model.variable("decoder/embeddings/weight"), as: matrixType)
    try writeLayerNorm(model, from: "decoder/layer_norm", to: "decoder.ln", into: &out)
    for layer in 0..<params.text.layers {
      let from = "decoder/layer_\(layer)"
      let to = "decoder.blocks.\(layer)"
      try writeBlock(model, from: from, to: to, state: params.text.state, into: &out)
      // Cross attention: the query is separate, keys and values are fused.
      let cross = "\(from)/attention"
      try writeLayerNorm(model, from: "\(cross)/layer_norm", to: "\(to).cross_attn_ln", into: &out)
      try out.tensor("\(to).cross_attn.query.weight", model.variable("\(cross)/linear_0/weight"), as: matrixType)
      try out.tensor("\(to).cross_attn.query.bias", model.variable("\(cross)/linear_0/bias"), as: .f32)
      let keyValue = try model.variable("\(cross)/linear_1/weight")
      let keyValueBias = try model.variable("\(cross)/linear_1/bias")
      try out.tensor("\(to).cross_attn.key.weight", keyValue.rows(0, of: 2), as: matrixType)
      try out.tensor("\(to).cross_attn.value.weight", keyValue.rows(1, of: 2), as: matrixType)
      try out.tensor("\(to).cross_attn.value.bias", keyValueBias.rows(1, of: 2), as: .f32)
      try out.tensor("\(to).cross_attn.out.weight", model.variable("\(cross)/linear_2/weight"), as: matrixType)
      try out.tensor("\(to).cross_attn.out.bias", model.variable("\(cross)/linear_2/bias"), as: .f32)
    }
  }

  /// What every encoder and decoder block has: self attention, then the feed-forward network.
  private static func writeBlock(
    _ model: CTranslate2Model, from: String, to: String, state: Int, into out: inout GGMLBuffer
  ) throws {
    try writeSelfAttention(model, from: from, to: to, state: state, into: &out)
    try writeFeedForward(model, from: from, to: to, into: &out)
  }

  /// Self attention: CTranslate2 fuses query, key and value along the first axis; whisper.cpp has no key bias.
  private static func writeSelfAttention(
    _ model: CTranslate2Model, from: String, to: String, state: Int, into out: inout GGMLBuffer
  ) throws {
    let attention = "\(from)/self_attention"
    try writeLayerNorm(model, from: "\(attention)/layer_norm", to: "\(to).attn_ln", into: &out)
    let fused = try model.variable("\(attention)/linear_0/weight")
    let fusedBias = try model.variable("\(attention)/linear_0/bias")
    guard fused.shape.first == 3 * state else {
      throw ModelFormatError("\(attention)/linear_0 is not a fused query/key/value projection")
    }
    try out.tensor("\(to).attn.query.weight", fused.rows(0, of: 3), as: matrixType)
    try out.tensor("\(to).attn.query.bias", fusedBias.rows(0, of: 3), as: .f32)
    try out.tensor("\(to).attn.key.weight", fused.rows(1, of: 3), as: matrixType)
    try out.tensor("\(to).attn.value.weight", fused.rows(2, of: 3), as: matrixType)
    try out.tensor("\(to).attn.value.bias", fusedBias.rows(2, of: 3), as: .f32)
    try out.tensor("\(to).attn.out.weight", model.variable("\(attention)/linear_1/weight"), as: matrixType)
    try out.tensor("\(to).attn.out.bias", model.variable("\(attention)/linear_1/bias"), as: .f32)
  }

  private static func writeFeedForward(_ model: CTranslate2Model, from: String, to: String, into out: inout GGMLBuffer)
    throws
  {
    try writeLayerNorm(model, from: "\(from)/ffn/layer_norm", to: "\(to).mlp_ln", into: &out)
    try out.tensor("\(to).mlp.0.weight", model.variable("\(from)/ffn/linear_0/weight"), as: matrixType)
    try out.tensor("\(to).mlp.0.bias", model.variable("\(from)/ffn/linear_0/bias"), as: .f32)
    try out.tensor("\(to).mlp.2.weight", model.variable("\(from)/ffn/linear_1/weight"), as: matrixType)
    try out.tensor("\(to).mlp.2.bias", model.variable("\(from)/ffn/linear_1/bias"), as: .f32)
  }

  private static func writeLayerNorm(_ model: CTranslate2Model, from: String, to: String, into out: inout GGMLBuffer)
    throws
  {
    try out.tensor("\(to).weight", model.variable("\(from)/gamma"), as: .f32)
    try out.tensor("\(to).bias", model.variable("\(from)/beta"), as: .f32)
  }
}

extension CT2Variable {
  /// Block `index` of `count` equal blocks along the first axis.
  func rows(_ index: Int, of count: Int) throws -> CT2Variable {
    guard let first = shape.first, first % count == 0 else {
      throw ModelFormatError("\(name) cannot be split in \(count)")
    }
    let blockBytes = data.count / count
    var block = self
    block.shape[0] = first / count
    block.data = UnsafeRawBufferPointer(rebasing: data[(index * blockBytes)..<((index + 1) * blockBytes)])
    return block
  }
}
