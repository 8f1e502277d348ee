from django import forms


def signup(request, User):
    return User.objects.create(**request.POST.dict())  # expect: mass-assignment


def patch(request, user):
    return user.update(**request.get_json())  # expect: mass-assignment


class ProfileForm(forms.ModelForm):
    class Meta:
        model = object
        fields = "__all__"  # expect: mass-assignment
