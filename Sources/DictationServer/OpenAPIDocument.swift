import HTTPTypes
import Hummingbird

/// The server's published contract: the OpenAPI 3.1 document of every HTTP endpoint (`openapi.json` in this folder,
/// compiled in), served as it is kept in the repository at `GET /openapi.json`, where FastAPI-built servers keep theirs.
enum OpenAPIDocument {
  /// Where the document is served, without a token.
  static let path = "/openapi.json"

  /// The document's bytes.
  static var bytes: [UInt8] { PackageResources.openapi_json }

  /// `GET /openapi.json`'s answer.
  static func response() -> Response {
    var headers = HTTPFields()
    headers[.contentType] = "application/json"
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
  }
}
