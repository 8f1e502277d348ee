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


def paged(conn):
    from flask import request
    query = "(uid={})".format(request.args["user"])
    return list(conn.extend.standard.paged_search("dc=example,dc=com", search_filter=query))  # expect: ldap-injection
