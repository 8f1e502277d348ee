import sqlite3


def run_query(sql):
    conn = sqlite3.connect("app.db")
    return conn.execute(sql).fetchall()


def find_user(name):
    # ruleid: sql
    return run_query("SELECT * FROM users WHERE name = '%s'" % name)


def find_by_id(user_id):
    # ok: sql
    return run_query("SELECT * FROM users WHERE id = %d" % int(user_id))
