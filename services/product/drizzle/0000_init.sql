CREATE SCHEMA "product";
--> statement-breakpoint
CREATE TYPE "product"."image_type" AS ENUM('icon', 'pouch', 'bowl', 'bowl_icon', 'bowl_icon_pouch', 'treat', 'ice_pack_bottom', 'ice_pack_top', 'extra');--> statement-breakpoint
CREATE TYPE "product"."product_status" AS ENUM('active', 'out_of_stock', 'discontinuing', 'discontinued', 'archived');--> statement-breakpoint
CREATE TYPE "product"."product_type" AS ENUM('meal', 'treat', 'collateral', 'supplement', 'toy', 'bundle');--> statement-breakpoint
CREATE TABLE "product"."barcodes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"variant_id" uuid NOT NULL,
	"barcode_value" text NOT NULL,
	"barcode_type" text NOT NULL,
	"is_active" boolean NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product"."images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid,
	"variant_id" uuid,
	"image_url" text NOT NULL,
	"image_type" "product"."image_type" NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "images_owner" CHECK (("product"."images"."product_id" is null) <> ("product"."images"."variant_id" is null))
);
--> statement-breakpoint
CREATE TABLE "product"."product_metadata" (
	"product_id" uuid NOT NULL,
	"meta_key" text NOT NULL,
	"meta_value" jsonb NOT NULL,
	CONSTRAINT "product_metadata_product_id_meta_key_pk" PRIMARY KEY("product_id","meta_key")
);
--> statement-breakpoint
CREATE TABLE "product"."products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"name" text NOT NULL,
	"type" "product"."product_type" NOT NULL,
	"status" "product"."product_status" NOT NULL,
	"is_visible" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "products_product_code_unique" UNIQUE("product_code")
);
--> statement-breakpoint
CREATE TABLE "product"."variant_metadata" (
	"variant_id" uuid NOT NULL,
	"meta_key" text NOT NULL,
	"meta_value" jsonb NOT NULL,
	CONSTRAINT "variant_metadata_variant_id_meta_key_pk" PRIMARY KEY("variant_id","meta_key")
);
--> statement-breakpoint
CREATE TABLE "product"."variants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"variant_name" text NOT NULL,
	"variant_description" text,
	"base_price" integer NOT NULL,
	"status" "product"."product_status" NOT NULL,
	"is_visible" boolean NOT NULL,
	"weight_grams" integer NOT NULL,
	"volumetric_weight_grams" integer,
	"height_mm" integer,
	"width_mm" integer,
	"depth_mm" integer,
	"pouch_letter" text,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "variants_sku_unique" UNIQUE("sku"),
	CONSTRAINT "variants_base_price_non_negative" CHECK ("product"."variants"."base_price" >= 0),
	CONSTRAINT "variants_weight_non_negative" CHECK ("product"."variants"."weight_grams" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product"."barcodes" ADD CONSTRAINT "barcodes_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "product"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product"."images" ADD CONSTRAINT "images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "product"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product"."images" ADD CONSTRAINT "images_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "product"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product"."product_metadata" ADD CONSTRAINT "product_metadata_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "product"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product"."variant_metadata" ADD CONSTRAINT "variant_metadata_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "product"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product"."variants" ADD CONSTRAINT "variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "product"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "barcodes_variant_id_idx" ON "product"."barcodes" USING btree ("variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "barcodes_value_in_use_idx" ON "product"."barcodes" USING btree ("barcode_value") WHERE "product"."barcodes"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "images_product_id_idx" ON "product"."images" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "images_variant_id_idx" ON "product"."images" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "products_type_idx" ON "product"."products" USING btree ("type");--> statement-breakpoint
CREATE INDEX "variants_product_id_idx" ON "product"."variants" USING btree ("product_id");