import SatwatchTestSupport
extension PythonProbe {
    /// argv: a Content-Type value, a body. Parses the body as that multipart type with Python's
    /// `email` package (the HTTP policy: CRLF lines) and prints JSON: its defects, and per part
    /// the form field name, file name, content type as sent (null when absent), disposition and
    /// the bytes, base64.
    static let parseMultipart = """
    import sys, json, base64, email.parser, email.policy
    content_type = open(sys.argv[1], 'rb').read()
    body = open(sys.argv[2], 'rb').read()
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
        b'Content-Type: ' + content_type + b'\\r\\nMIME-Version: 1.0\\r\\n\\r\\n' + body)
    assert message.is_multipart(), 'not multipart: ' + message.get_content_type()
    print(json.dumps({
        'type': message.get_content_type(),
        'defects': [repr(d) for part in message.walk() for d in part.defects],
        'parts': [{
            'name': part.get_param('name', header='content-disposition'),
            'filename': part.get_filename(),
            'content_type': part.get('Content-Type'),
            'disposition': part.get_content_disposition(),
            'payload_b64': base64.b64encode(part.get_payload(decode=True)).decode(),
        } for part in message.iter_parts()],
    }))
    """
}
