import CCurl
import Glibc

extension CurlEasy {
    /// Shuts down the handle's connection after a failed SMTP session, before the handle is
    /// cleaned up. Cleaning up sends QUIT and waits for its reply outside any timeout of ours
    /// (curl's two-minute server response timeout): a server that hung after the message's
    /// final dot held the failed delivery there for as long as it hung (60 s measured with a
    /// 3 s `timeout`). With the socket shut down, QUIT fails at once.
    func hangUp() {
        let socket = infoSocket()
        if socket >= 0 { shutdown(socket, Int32(SHUT_RDWR)) }
    }
}
