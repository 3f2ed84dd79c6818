/// Header fields as a peer recorded them: `[name, value]` pairs in the order received.
public protocol HeaderFields {
    /// Every field as `[name, value]`, in order.
    var headers: [[String]] { get }
}

extension HeaderFields {
    /// The values of field `name` (case-insensitive), in order.
    public func values(_ name: String) -> [String] {
        headers.filter { $0[0].lowercased() == name.lowercased() }.map { $0[1] }
    }

    /// The first value of field `name` (case-insensitive), if any.
    public func header(_ name: String) -> String? {
        values(name).first
    }
}
