"""Accounts, served by the session (``SignUp``, ``SignIn``, ``SignOut``, ``GetAccount``,
``DeleteAccount``, ``IssueApiKey``, ``ListApiKeys``, ``RevokeApiKey``): kept in the archive's
database by :class:`~arbitre.services.archive.accounts.AccountStore`.

They live with the session for the reasons saved environments do
(:mod:`arbitre.services.session.environments`): the session holds the database, and the gateway
talks to the services over gRPC only. Their messages are ``accounts.proto``'s, their calls the
Session service's, so that the gateway reaches them on the channel, credentials and health check
it already has. A session without an archive answers UNAVAILABLE. The store's refusals become the
call's status with their code first (``"name_taken: ..."``), which the gateway keeps as the HTTP
error's code. Passwords and tokens are never logged, nor echoed in a message.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

import grpc

from arbitre.services.session.refusals import _refuse
from arbitre.v1 import accounts_pb2

if TYPE_CHECKING:
    from arbitre.services.archive.accounts import Account, AccountStore, ApiKey
    from arbitre.services.archive.store import ArchiveStore

__all__ = ["Accounts", "account_message"]

log = logging.getLogger(__package__)

#: The status of each kind of refusal of the store.
_STATUS = {
    "BadAccountError": grpc.StatusCode.INVALID_ARGUMENT,
    "NameTakenError": grpc.StatusCode.FAILED_PRECONDITION,
    "WrongCredentialsError": grpc.StatusCode.UNAUTHENTICATED,
    "UnknownTokenError": grpc.StatusCode.UNAUTHENTICATED,
    "KeyNotAllowedError": grpc.StatusCode.PERMISSION_DENIED,
    "NotFoundError": grpc.StatusCode.NOT_FOUND,
}


def account_message(account: Account) -> Any:
    """An :class:`Account` as its message."""
    return accounts_pb2.Account(
        account_id=account.account_id,
        name=account.name,
        licence=account.licence,
        club=account.club,
        serie=account.serie,
        country=account.country,
        organiser=account.organiser,
        created_ms=account.created_ms,
    )


def _key_message(key: ApiKey) -> Any:
    return accounts_pb2.ApiKey(
        key_id=key.key_id,
        label=key.label,
        prefix=key.prefix,
        created_ms=key.created_ms,
        revoked_ms=key.revoked_ms,
    )


def _now_ms() -> int:
    return int(time.time() * 1000)


class Accounts:
    """The account calls of the session servicer (a mixin: :attr:`archive` is the
    servicer's)."""

    archive: ArchiveStore | None
    _account_store: AccountStore | None = None

    def _accounts(self, work: Any) -> Any:
        """``work(store)`` on the accounts' store, its refusals and the database's failures
        turned into the call's status."""
        if self.archive is None:
            _refuse(
                grpc.StatusCode.UNAVAILABLE,
                "accounts need the archive's database (DATABASE_URL), which this session "
                "service does not have",
            )
        from sqlalchemy.exc import SQLAlchemyError

        from arbitre.services.archive.accounts import AccountRefusedError, AccountStore

        store = self._account_store
        if store is None or store.engine is not self.archive.engine:
            store = self._account_store = AccountStore(self.archive.engine)
        try:
            return work(store)
        except AccountRefusedError as refused:
            _refuse(_STATUS[type(refused).__name__], f"{refused.code}: {refused.message}")
        except SQLAlchemyError as error:
            log.warning("the accounts' database failed: %s", type(error).__name__)
            _refuse(grpc.StatusCode.UNAVAILABLE, "the database of accounts is down; retry")

    def _signed_in(self, signed: Any) -> Any:
        return accounts_pb2.SignedIn(
            account=account_message(signed.account),
            session_token=signed.session_token,
            expires_ms=signed.expires_ms,
        )

    def _sign_up(self, request: Any) -> Any:
        now_ms = _now_ms()
        return self._signed_in(
            self._accounts(
                lambda store: store.sign_up(
                    request.name,
                    request.password,
                    now_ms,
                    licence=request.licence,
                    club=request.club,
                    serie=request.serie,
                    country=request.country,
                )
            )
        )

    def _sign_in(self, request: Any) -> Any:
        now_ms = _now_ms()
        return self._signed_in(
            self._accounts(lambda store: store.sign_in(request.name, request.password, now_ms))
        )

    def _sign_out(self, request: Any) -> Any:
        now_ms = _now_ms()
        return account_message(self._accounts(lambda store: store.sign_out(request.token, now_ms)))

    def _get_account(self, request: Any) -> Any:
        now_ms = _now_ms()
        return account_message(
            self._accounts(lambda store: store.authenticate(request.token, now_ms))
        )

    def _delete_account(self, request: Any) -> Any:
        now_ms = _now_ms()
        return account_message(
            self._accounts(lambda store: store.delete(request.token, request.password, now_ms))
        )

    def _issue_api_key(self, request: Any) -> Any:
        now_ms = _now_ms()
        key, clear = self._accounts(
            lambda store: store.issue_key(request.token, request.label, now_ms)
        )
        return accounts_pb2.ApiKeyIssued(api_key=_key_message(key), key=clear)

    def _list_api_keys(self, request: Any) -> Any:
        now_ms = _now_ms()
        keys = self._accounts(lambda store: store.keys(request.token, now_ms))
        return accounts_pb2.ApiKeyList(api_keys=[_key_message(key) for key in keys])

    def _revoke_api_key(self, request: Any) -> Any:
        now_ms = _now_ms()
        return _key_message(
            self._accounts(lambda store: store.revoke_key(request.token, request.key_id, now_ms))
        )
