import cors from "cors";

app.use(cors({ origin: "https://app.example.com" }));

export function handler(req: any, res: any) {
  res.setHeader("Access-Control-Allow-Origin", "https://app.example.com");
  res.setHeader("Cache-Control", "*");
}
