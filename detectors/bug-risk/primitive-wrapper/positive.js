const enabled = new Boolean(process.env.FLAG); // expect: primitive-wrapper
