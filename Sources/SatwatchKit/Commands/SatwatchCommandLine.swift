/// Entry point of the `satwatch` executable.
public enum SatwatchCommandLine {
    /// Parses the process arguments, runs the command and exits with its status.
    public static func main() async {
    }
}
