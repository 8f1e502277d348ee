def grant(user):
    assert user.is_admin, "admins only"
    assert (user.is_admin), "admins only"
