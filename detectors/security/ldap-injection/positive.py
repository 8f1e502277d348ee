import ldap
from flask import request

BASE = "dc=example,dc=com"


def find_user(conn):
    name = request.form["user"]
    return conn.search_s(BASE, ldap.SCOPE_SUBTREE, "(uid=%s)" % name)  # expect: ldap-injection


def find_group(conn):
    return conn.search(BASE, f"(cn={request.args['group']})")  # expect: ldap-injection


def find_other(conn, directory):
    return conn.search(BASE, "(cn=" + directory.next_name() + ")")  # audit: ldap-injection
