def delete_user(request, user_id):
    assert request.user.is_staff  # expect: assert-access-control
    User.objects.filter(pk=user_id).delete()


def edit(request, document):
    assert request.user.has_perm("docs.change_document"), "forbidden"  # expect: assert-access-control
    document.save()
