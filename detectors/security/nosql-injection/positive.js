async function login(req, User) {
  return User.findOne({ name: req.body.name, password: req.body.password }); // expect: nosql-injection
}
async function search(req, db) {
  const filter = { owner: req.query.owner };
  return db.collection("docs").find(filter); // expect: nosql-injection
}
async function byRule(store, Rule) {
  return Rule.find(store.filter()); // audit: nosql-injection
}
app.post("/login", async (req, res) => {
  const user = await users.findOne({ name: req.body.name, password: req.body.password }); // expect: nosql-injection
  res.json(user);
});
const AWS = require("aws-sdk");
const documentClient = new AWS.DynamoDB.DocumentClient();
exports.handler = async (event) => {
  const params = Object.assign({ TableName: "orders" }, event.body.params);
  await documentClient.query(params).promise(); // expect: nosql-injection
  const { QueryCommand } = require("@aws-sdk/lib-dynamodb");
  return ddbDocClient.send(new QueryCommand(event.body.params)); // expect: nosql-injection
};
