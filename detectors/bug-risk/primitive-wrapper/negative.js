const enabled = Boolean(process.env.FLAG);
