import ssl

ctx = ssl.SSLContext(ssl.PROTOCOL_TLSv1)  # expect: weak-tls-version
other = ssl.create_default_context()
other.minimum_version = ssl.TLSVersion.TLSv1_1  # expect: weak-tls-version

from OpenSSL import SSL

legacy = SSL.Context(SSL.TLSv1_METHOD)  # expect: weak-tls-version
