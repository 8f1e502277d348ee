import * as http from "http";

http.createServer(handler).listen(8080, "127.0.0.1");
app.listen({ port: 3000, host: "localhost" });
