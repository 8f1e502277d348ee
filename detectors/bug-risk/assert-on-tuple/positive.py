def grant(user):
    assert (user.is_admin, "admins only")  # expect: assert-on-tuple
