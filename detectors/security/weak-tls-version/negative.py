import ssl

ctx = ssl.create_default_context()
ctx.minimum_version = ssl.TLSVersion.TLSv1_2

from OpenSSL import SSL

modern = SSL.Context(SSL.TLS_METHOD)
modern.set_min_proto_version(SSL.TLS1_2_VERSION)
