import json
import boto3
import pymysql

s3 = boto3.client("s3")


def handler(event, context):
    body = json.loads(event["body"])
    conn = pymysql.connect(host="db", user="app", password=os.environ["DB_PASS"])
    with conn.cursor() as cur:
        # ruleid: sql
        cur.execute("SELECT * FROM orders WHERE customer = '" + body["customer"] + "'")
        rows = cur.fetchall()
    key = event["queryStringParameters"]["key"]
    # ruleid: path
    with open("/tmp/" + key) as fh:
        data = fh.read()
    return {"statusCode": 200, "body": json.dumps(rows) + data}


import os
