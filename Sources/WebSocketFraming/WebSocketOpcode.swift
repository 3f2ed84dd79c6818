/// The frame opcodes RFC 6455 defines (section 5.2); every other value is a protocol error
/// because this client negotiates no extension.
package enum WebSocketOpcode: UInt8, Sendable {
    case continuation = 0x0
    case text = 0x1
    case binary = 0x2
    case close = 0x8
    case ping = 0x9
    case pong = 0xA

    /// Control frames (close, ping, pong) may sit between the fragments of a data message.
    package var isControl: Bool { rawValue & 0x8 != 0 }
}
