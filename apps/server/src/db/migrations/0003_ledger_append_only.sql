-- The credit ledger is append-only: entries are never changed or deleted. The one exception is the
-- purge of an account, whose ON DELETE SET NULL anonymises its entries (user_id becomes null).
CREATE FUNCTION credit_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.user_id IS NULL
     AND OLD.user_id IS NOT NULL
     AND NEW.id = OLD.id
     AND NEW.amount = OLD.amount
     AND NEW.reason = OLD.reason
     AND NEW.reference IS NOT DISTINCT FROM OLD.reference
     AND NEW.idempotency_key = OLD.idempotency_key
     AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'credit_ledger is append-only (% refused)', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER credit_ledger_append_only BEFORE UPDATE OR DELETE ON credit_ledger
  FOR EACH ROW EXECUTE FUNCTION credit_ledger_append_only();
