import * as http from "http";

http.createServer(handler).listen(8080, "0.0.0.0"); // expect: bind-all-interfaces
app.listen({ port: 3000, host: "0.0.0.0" }); // expect: bind-all-interfaces
