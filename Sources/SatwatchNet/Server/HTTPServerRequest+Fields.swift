extension HTTPServerRequest {
    /// The query string decoded (`?metric=btc.usd&since=24h`).
    package var queryFields: HTTPFormFields {
        HTTPFormFields(query)
    }

    /// The body decoded as an HTML form's fields (`application/x-www-form-urlencoded`, what a
    /// `<form method="post">` sends). It decodes whatever the body is: check `Content-Type`
    /// first where another type must be refused.
    package var formFields: HTTPFormFields {
        HTTPFormFields(body)
    }

    /// The body decoded as UTF-8, invalid sequences replaced (a JSON body, a message).
    package var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }
}
