process.env.NODE_ENV = "0";
