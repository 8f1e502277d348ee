from bson import ObjectId
from flask import request


def fetch(db):
    return db.users.find_one({"_id": ObjectId(request.args["id"])})


def active(db):
    return db.users.find({"active": True})
