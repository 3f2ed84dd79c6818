/// The page's only styling and script, inline: no external asset to fetch or trust.
enum DashboardStyle {
    static let css = """
        body{font:15px/1.45 system-ui,-apple-system,sans-serif;margin:0 auto;max-width:1100px;padding:12px;color:#1d2430;background:#f6f7f9}
        h1{font-size:22px;margin:0}h2{font-size:18px;margin:22px 0 8px}h3{font-size:16px;margin:0 0 4px}
        header{display:flex;flex-wrap:wrap;align-items:baseline;gap:12px}.summary{margin:0;color:#5b6472}
        .rules{display:grid;grid-template-columns:repeat(auto-fill,minmax(320px,1fr));gap:12px}
        .rule{background:#fff;border:1px solid #dde1e6;border-radius:8px;padding:10px;overflow:hidden}
        .rule.firing{border-color:#d63232}.rule p{margin:2px 0}.chart svg{width:100%;height:auto;display:block}
        .badge{display:inline-block;border-radius:4px;padding:0 6px;font-size:12px;font-weight:600;background:#e4e7eb;color:#333}
        .badge.firing,.badge.stale,.badge.dead{background:#d63232;color:#fff}.badge.pending,.badge.held,.badge.muted,.badge.waiting{background:#f0a020;color:#fff}
        .badge.fresh,.badge.sent,.badge.resolved{background:#2eb67d;color:#fff}.badge.silenced{background:#6b7280;color:#fff}
        .ch{white-space:nowrap}.more{font-size:12px;font-weight:600;border-radius:4px;padding:0 6px;background:#e4e7eb;cursor:help}
        .label{font-size:12px;background:#eef1f4;border-radius:4px;padding:0 4px}.muted{color:#6b7280}.error{color:#b00020}
        code{font-size:13px}.feeds{list-style:none;padding:0;margin:0}.feeds li{margin:2px 0}
        .scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;background:#fff}
        td,th{border-bottom:1px solid #e4e7eb;padding:4px 6px;text-align:left;vertical-align:top;font-size:14px}
        form{display:flex;flex-wrap:wrap;gap:6px;align-items:end;margin:6px 0}label{display:flex;flex-direction:column;font-size:13px}
        input{font:inherit;padding:4px}button{font:inherit;padding:4px 12px;cursor:pointer}
        .silence{background:#fff;border:1px solid #dde1e6;border-radius:8px;padding:6px 10px;margin:6px 0}
        """

    /// Reloads the page every 30 seconds, unless someone is typing into a form.
    static let refreshScript = """
        setInterval(function(){var busy=Array.prototype.some.call(document.querySelectorAll('input[type=password],input[name=rule],input[name=comment]'),function(i){return i.value||i===document.activeElement});if(!busy)location.reload()},30000);
        """
}

extension DashboardStyle {
    /// Only the page's own inline style and script, and forms to itself: an injected tag could
    /// load nothing and send nowhere.
    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'"
}
