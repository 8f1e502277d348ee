process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0"; // expect: tls-verification-disabled
