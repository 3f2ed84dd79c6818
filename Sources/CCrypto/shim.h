#ifndef SATWATCH_CCRYPTO_SHIM_H
#define SATWATCH_CCRYPTO_SHIM_H
// OpenSSL's libcrypto: digests (EVP), HMAC and the constant-time comparison. libcurl already
// loads it into the process, so linking it adds no library.
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#endif
