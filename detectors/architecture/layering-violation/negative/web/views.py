from domain.model import X
