async function login(req, User) {
  return User.findOne({ name: String(req.body.name) });
}
function first(items) {
  return items.find((item) => item.active);
}
app.post("/login", async (req, res) => {
  res.json(await users.findOne({ name: String(req.body.name) }));
});
function visible(rows) {
  return rows.find((row) => row.shown);
}
const AWS = require("aws-sdk");
const documentClient = new AWS.DynamoDB.DocumentClient();
exports.handler = async (event) => {
  const params = {
    TableName: "shows",
    KeyConditionExpression: "Title = :s",
    ExpressionAttributeValues: { ":s": { S: event.body.title } },
  };
  await documentClient.query(params).promise();
  const { QueryCommand } = require("@aws-sdk/lib-dynamodb");
  return ddbDocClient.send(new QueryCommand({ TableName: "shows", Key: { id: event.body.id } }));
};
