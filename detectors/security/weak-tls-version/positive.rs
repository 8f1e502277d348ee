use openssl::ssl::{SslConnector, SslMethod, SslVersion};

fn connector() -> SslConnector {
    let mut builder = SslConnector::builder(SslMethod::tls()).unwrap();
    builder.set_min_proto_version(Some(SslVersion::TLS1)).unwrap(); // expect: weak-tls-version
    builder.build()
}
