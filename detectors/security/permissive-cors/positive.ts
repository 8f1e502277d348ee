import cors from "cors";

app.use(cors()); // expect: permissive-cors
app.use(cors({ origin: "*" })); // expect: permissive-cors

export function handler(req: any, res: any) {
  res.setHeader("Access-Control-Allow-Origin", "*"); // expect: permissive-cors
}
