CREATE SCHEMA "dogs";
--> statement-breakpoint
CREATE TYPE "dogs"."activity_level" AS ENUM('chilled', 'loves_to_play', 'ball_of_energy');--> statement-breakpoint
CREATE TYPE "dogs"."body_type" AS ENUM('slim', 'perfect', 'chunky');--> statement-breakpoint
CREATE TYPE "dogs"."dog_gender" AS ENUM('male', 'female');--> statement-breakpoint
CREATE TYPE "dogs"."eating_habit" AS ENUM('very_fussy', 'choosy', 'eats_anything');--> statement-breakpoint
CREATE TABLE "dogs"."breeds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"min_weight_kg" numeric(5, 2),
	"max_weight_kg" numeric(5, 2),
	CONSTRAINT "breeds_slug_unique" UNIQUE("slug"),
	CONSTRAINT "breeds_weight_range" CHECK ("dogs"."breeds"."min_weight_kg" is null or "dogs"."breeds"."max_weight_kg" is null or "dogs"."breeds"."min_weight_kg" <= "dogs"."breeds"."max_weight_kg")
);
--> statement-breakpoint
CREATE TABLE "dogs"."dogs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "dogs"."dogs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"date_of_birth" date,
	"date_of_birth_is_approximate" boolean DEFAULT false NOT NULL,
	"gender" "dogs"."dog_gender",
	"is_neutered" boolean,
	"date_of_death" date,
	"date_of_death_is_approximate" boolean DEFAULT false NOT NULL,
	"breeds" text[] DEFAULT '{}'::text[] NOT NULL,
	"preferred_breed_name" text,
	"height" numeric(5, 2),
	"weight" numeric(5, 2),
	"body_type" "dogs"."body_type",
	"activity_level" "dogs"."activity_level",
	"eating_habits" "dogs"."eating_habit",
	"health_issues" text[] DEFAULT '{}'::text[] NOT NULL,
	"food_allergies" text[] DEFAULT '{}'::text[] NOT NULL,
	"previous_foods" text[] DEFAULT '{}'::text[] NOT NULL,
	"meal_product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dogs_death_after_birth" CHECK ("dogs"."dogs"."date_of_death" is null or "dogs"."dogs"."date_of_birth" is null or "dogs"."dogs"."date_of_death" >= "dogs"."dogs"."date_of_birth"),
	CONSTRAINT "dogs_weight_positive" CHECK ("dogs"."dogs"."weight" is null or "dogs"."dogs"."weight" > 0),
	CONSTRAINT "dogs_height_positive" CHECK ("dogs"."dogs"."height" is null or "dogs"."dogs"."height" > 0)
);
--> statement-breakpoint
CREATE TABLE "dogs"."food_allergens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "food_allergens_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "dogs"."food_types" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "food_types_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "dogs"."health_issues" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "health_issues_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE INDEX "dogs_user_id_idx" ON "dogs"."dogs" USING btree ("user_id");